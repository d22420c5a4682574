// Facts of the content model that both the server and the browser rely on.

/**
 * Largest accepted upload (every upload limit on both sides derives from it), what both sides say
 * when a file is over it (derived, so it says the limit applied), and when a file is not an image.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = `Maximum file size is ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB`;
export const UPLOAD_NOT_AN_IMAGE_MESSAGE = 'Please select an image file';

/** Where the files this site stores are served: `/uploads/<name>`. */
export const UPLOADS_ROOT = '/uploads';

/** The path of a file this site stores: `/uploads/<name>` (no directories, no dot first). */
export const UPLOAD_PATH = new RegExp(`^${UPLOADS_ROOT}/[A-Za-z0-9][A-Za-z0-9._-]*$`);

/** Longest web address accepted anywhere. */
export const MAX_URL_LENGTH = 2048;

/** Control characters other than tab and line breaks: PostgreSQL cannot store NUL, and none belongs in content. */
export const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Bidirectional control characters (embeddings and overrides U+202A-U+202E, isolates
 * U+2066-U+2069, the marks U+200E, U+200F and U+061C): invisible, they make text show other than
 * what it is ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"). No text accepts them; right-to-left
 * text itself needs none of them.
 */
export const BIDI_CONTROL_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The icons a contact entry may show (the public site draws them), with the names staff see. */
export const CONTACT_ICONS = [
  { value: 'Mail', label: 'Email', description: 'An envelope: an email address.' },
  { value: 'Phone', label: 'Phone', description: 'A telephone: a phone number.' },
  { value: 'MapPin', label: 'Location', description: 'A map pin: a postal address or place.' },
  { value: 'Globe', label: 'Website', description: 'A globe: a website.' },
] as const;
export type ContactIcon = (typeof CONTACT_ICONS)[number]['value'];

/** The year the statistics start with (first start) and the form suggests. */
export const DEFAULT_YEAR_ESTABLISHED = '2011';

/** The firm's name and description on a fresh installation (the Site screen changes them). */
export const DEFAULT_FIRM_NAME = 'Your Firm';
export const DEFAULT_FIRM_DESCRIPTION = 'Independent consultants helping organisations plan, reform and grow.';

/**
 * The locales a firm's content may be in (its pages' lang, og:locale, the dates' region). Only
 * left-to-right languages: the site's layout has no right-to-left mirror yet.
 */
export const FIRM_LOCALES = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-IE', label: 'English (Ireland)' },
  { value: 'de-DE', label: 'German (Germany)' },
  { value: 'de-AT', label: 'German (Austria)' },
  { value: 'de-CH', label: 'German (Switzerland)' },
  { value: 'fr-FR', label: 'French (France)' },
  { value: 'fr-BE', label: 'French (Belgium)' },
  { value: 'nl-NL', label: 'Dutch (Netherlands)' },
  { value: 'it-IT', label: 'Italian (Italy)' },
  { value: 'es-ES', label: 'Spanish (Spain)' },
  { value: 'pt-PT', label: 'Portuguese (Portugal)' },
  { value: 'pl-PL', label: 'Polish (Poland)' },
  { value: 'sv-SE', label: 'Swedish (Sweden)' },
  { value: 'da-DK', label: 'Danish (Denmark)' },
  { value: 'fi-FI', label: 'Finnish (Finland)' },
  { value: 'cs-CZ', label: 'Czech (Czechia)' },
  { value: 'el-GR', label: 'Greek (Greece)' },
  { value: 'sr-RS', label: 'Serbian (Serbia)' },
  { value: 'hr-HR', label: 'Croatian (Croatia)' },
] as const;

/** The time zones a firm may be in: UTC, then every IANA zone the runtime knows. */
export function firmTimeZones(): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')].map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Where a simple page (pages) is linked from. */
export const PAGE_LINK_PLACES = [
  { value: 'footer', label: 'Footer', description: "The footer's list of legal and other pages." },
  { value: 'none', label: 'Nowhere', description: 'Not linked: reachable by its address only.' },
] as const;

/**
 * The first path segments a simple page's slug may never take, whatever the route table says:
 * the spec's routes and the files every site has. The server also refuses every first segment of
 * its route table (the API checks both); this list lets a form say so before saving.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  'team', 'news', 'clients', 'admin', 'api', 'graphql', 'uploads', 'assets', 'static', 'page', 'feed',
  'sitemap', 'robots', 'favicon', 'icons', 'share', 'manifest', 'healthz', 'health', 'preview', 'login', 'logout', '404', 'index',
];

/** Where the landing page's "Visit our website" points until staff set it. */
export const DEFAULT_MAIN_WEBSITE_URL = 'https://www.example.com';

/** Range of a display order (position in public lists). */
export const DISPLAY_ORDER_RANGE = { min: -1_000_000, max: 1_000_000 } as const;

/** Most records one list request returns; `limit` above it is refused (400 / BAD_USER_INPUT). */
export const MAX_LIST_LIMIT = 500;

/**
 * Most matches the count of a search counts (GraphQL `<list>Count(search: ...)`, REST
 * `X-Total-Count` of a search): a search matching more answers SEARCH_COUNT_LIMIT + 1 (1,001),
 * meaning "more than 1,000" (show it as "1,000+"). Counting stops there, so a term found in every
 * record costs the same at any size. Counts without a search are exact.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/**
 * Cards on one page of a public list page (/news, /clients; later pages /news/page/2, ...): a
 * multiple of 6, so the 1/2/3-column grid ends on a full row.
 */
export const PUBLIC_LIST_PAGE_SIZE = 12;

/** Longest slug (the last segment of an item's page address, /news/<slug>). */
export const SLUG_MAX_LENGTH = 100;

/** A slug: lower-case letters and digits, words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slugs no item may have: `/news/page/2` is a page of the list. */
export const RESERVED_SLUGS: readonly string[] = ['page', 'feed'];

/** The picture link previews show (OpenGraph, X): 1200x630, cropped to fill. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/**
 * The address of a picture's link-preview variant: `/uploads/<base>.<ext>` has
 * `/uploads/<base>-1200x630.jpg` (written with the upload; a missing one is answered with the
 * original). A picture elsewhere (an http(s) address) is its own.
 */
export function socialImageOf(pictureUrl: string): string {
  const match = /^(\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*)\.[A-Za-z0-9]+$/.exec(pictureUrl);
  return match ? `${match[1]}-${SOCIAL_IMAGE.width}x${SOCIAL_IMAGE.height}.jpg` : pictureUrl;
}
