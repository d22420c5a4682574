import type { MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_FIRM_DESCRIPTION, DEFAULT_FIRM_NAME, landingContent, siteSettings, type ContentType } from '@consulting/model';
import { singletons } from '../content/registry.js';

// What the generated images say about the firm: its name, short name, description, logos and
// icon from the site settings (the singleton every public page reads), and the landing page's
// headline (the home page's share card). Read through the singletons' services; the site keeps
// what was read per content revision (site/identity-images.ts).

export interface Identity {
  /** The settings record's version: `?v=` on the icons' and manifest's links. */
  version: number;
  firmName: string;
  shortName: string | null;
  description: string;
  logoUrl: string | null;
  logoDarkUrl: string | null;
  iconUrl: string | null;
  /** The landing page's headline (the home page's share card); null when empty. */
  heroTagline: string | null;
}

function serviceOf(type: ContentType) {
  const definition = singletons.find((entry) => entry.type.typeName === type.typeName);
  if (!definition) throw new Error(`${type.typeName} is not a registered singleton`);
  return definition.service;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The identity as the database has it now (the defaults of a fresh install if the settings record is missing). */
export async function loadIdentity(orm: MikroORM): Promise<Identity> {
  const [settings, landing] = (await Promise.all([serviceOf(siteSettings).get(orm.em.fork()), serviceOf(landingContent).get(orm.em.fork())])) as (Record<string, unknown> | null)[];
  return {
    version: typeof settings?.version === 'number' ? settings.version : 0,
    firmName: textOf(settings?.firmName) ?? DEFAULT_FIRM_NAME,
    shortName: textOf(settings?.shortName),
    description: textOf(settings?.description) ?? DEFAULT_FIRM_DESCRIPTION,
    logoUrl: textOf(settings?.logoUrl),
    logoDarkUrl: textOf(settings?.logoDarkUrl),
    iconUrl: textOf(settings?.iconUrl),
    heroTagline: textOf(landing?.heroTagline),
  };
}
