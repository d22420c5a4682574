import { EntitySchema } from '@mikro-orm/core';

// The old addresses of items with pages of their own: `/<list>/<old slug>` answers 301 to the
// record's page at its current slug. Kept by the content tables' triggers (page-triggers.ts).

export const SLUG_REDIRECTS_TABLE = 'slug_redirects';

export interface SlugRedirect {
  /** The content type's REST path ('news', 'clients'). */
  collection: string;
  oldSlug: string;
  recordId: number;
  createdAt: Date;
}

export const SlugRedirectSchema = new EntitySchema<SlugRedirect>({
  name: 'SlugRedirect',
  tableName: SLUG_REDIRECTS_TABLE,
  properties: {
    collection: { type: 'text', primary: true },
    oldSlug: { type: 'text', primary: true },
    recordId: { type: 'integer', index: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
});
