import { DEFAULT_FIRM_DESCRIPTION, DEFAULT_FIRM_NAME } from '@consulting/model';
import type { PublicSiteQuery } from '../../graphql/generated/graphql';

// The firm's identity as every public component and the head read it: the site settings with the
// fallbacks the model names (no footer text: the description; no copyright holder: the firm's
// name) already applied, so no component repeats them.

/** A social network the footer links and JSON-LD names (sameAs). */
export interface SocialLink {
  /** The network's name: the link's accessible name ("LinkedIn"). */
  label: string;
  /** The icon's file name in web/public/social. */
  icon: string;
  url: string;
}

/** The firm's postal address: only the parts given (the footer's lines, JSON-LD PostalAddress). */
export interface SiteAddress {
  streetAddress?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
}

export interface FooterPage {
  id: number;
  title: string;
  slug: string;
}

export interface Site {
  /** Settings version: busts the icons' and manifest's caches (`?v=`). 0 before the first save. */
  version: number;
  firmName: string;
  description: string;
  /** The footer's text: footerText, else the description. */
  footerText: string;
  /** Whom the copyright line names: copyrightHolder, else the firm's name. */
  copyrightHolder: string;
  logoUrl: string | null;
  logoDarkUrl: string | null;
  /** The firm's square icon: the mark beside the name when there is no logo. */
  iconUrl: string | null;
  shareImageUrl: string | null;
  address: SiteAddress;
  social: SocialLink[];
  /** BCP 47, as the model lists them (en-US). */
  locale: string;
  /** IANA time zone (UTC). */
  timeZone: string;
  footerPages: FooterPage[];
}

type Settings = NonNullable<PublicSiteQuery['siteSettings']>;

/** The networks in the footer's order: each settings field with its name and icon. */
const NETWORKS: { field: keyof Settings; label: string; icon: string }[] = [
  { field: 'linkedinUrl', label: 'LinkedIn', icon: 'linkedin' },
  { field: 'xUrl', label: 'X', icon: 'x' },
  { field: 'youtubeUrl', label: 'YouTube', icon: 'youtube' },
  { field: 'instagramUrl', label: 'Instagram', icon: 'instagram' },
  { field: 'facebookUrl', label: 'Facebook', icon: 'facebook' },
  { field: 'githubUrl', label: 'GitHub', icon: 'github' },
];

/** A language with its region (the model's locales): anything else is read as en-US. */
const LOCALE_TAG = /^[a-z]{2,3}-[A-Z]{2}$/;

const ADDRESS_PARTS = ['streetAddress', 'postalCode', 'city', 'region', 'country'] as const;

/** A text setting, or undefined when absent or blank. */
function given(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const resolved = new WeakMap<object, Site>();

/**
 * The site as the components read it, from the PublicSite answer; before the settings are first
 * saved (or while they cannot be read) the model's neutral defaults.
 */
export function siteFrom(data: PublicSiteQuery | undefined): Site {
  if (data && resolved.has(data)) return resolved.get(data)!;
  const settings = data?.siteSettings ?? null;
  const firmName = given(settings?.firmName) ?? DEFAULT_FIRM_NAME;
  const description = given(settings?.description) ?? DEFAULT_FIRM_DESCRIPTION;
  const address: SiteAddress = {};
  for (const part of ADDRESS_PARTS) {
    const value = given(settings?.[part]);
    if (value) address[part] = value;
  }
  const site: Site = {
    version: settings?.version ?? 0,
    firmName,
    description,
    footerText: given(settings?.footerText) ?? description,
    copyrightHolder: given(settings?.copyrightHolder) ?? firmName,
    logoUrl: given(settings?.logoUrl) ?? null,
    logoDarkUrl: given(settings?.logoDarkUrl) ?? null,
    iconUrl: given(settings?.iconUrl) ?? null,
    shareImageUrl: given(settings?.shareImageUrl) ?? null,
    address,
    social: settings
      ? NETWORKS.flatMap(({ field, label, icon }) => {
          const url = given(settings[field] as string | null);
          return url ? [{ label, icon, url }] : [];
        })
      : [],
    locale: LOCALE_TAG.test(settings?.locale ?? '') ? settings!.locale : 'en-US',
    timeZone: given(settings?.timeZone) ?? 'UTC',
    footerPages: (data?.footerPages ?? []).map(({ id, title, slug }) => ({ id, title, slug })),
  };
  if (data) resolved.set(data, site);
  return site;
}

/**
 * The logo on the site's dark bands (header, hero, footer): the logo made for dark backgrounds;
 * else the light-background logo on a white plate; else none (the name set in type).
 */
export function darkBandLogo(site: Site): { imageUrl: string | null; plate: boolean; markUrl: string | null } {
  if (site.logoDarkUrl) return { imageUrl: site.logoDarkUrl, plate: false, markUrl: site.iconUrl };
  return { imageUrl: site.logoUrl, plate: site.logoUrl !== null, markUrl: site.iconUrl };
}
