import { closeContentTypes, type ContentType } from '@consulting/model';
import type { CollectionDefinition } from './collections/collection-definition';
import { defaultCollection } from './default-columns';
import { SCREEN_OVERRIDES } from './screen-overrides';

// The admin's collection screens, one per collection of the content model, in its order: the
// screen's own table where screen-overrides.ts has one, else the default from the declaration.
// Built once, so the first screen's data (first-screen-data.ts) and the screen share their queries.

export interface CollectionScreenOf {
  type: ContentType;
  definition: CollectionDefinition<any>;
}

/** Every content type (the list closes here: a test registers its fixture type before importing this). */
export const ADMIN_CONTENT_TYPES = closeContentTypes();

export const COLLECTION_SCREENS: readonly CollectionScreenOf[] = ADMIN_CONTENT_TYPES.filter((type) => type.kind === 'collection').map((type) => ({
  type,
  definition: SCREEN_OVERRIDES[type.typeName]?.collection ?? defaultCollection(type),
}));
