import { DISPLAY_ORDER_RANGE } from './constants.js';
import { imageAddress, optionalText, slug, type Field } from './fields.js';

// Fields several content types share, declared once.

/** Longest image description. */
export const ALT_TEXT_MAX = 300;

/** The text alternative of a type's picture (its `alt` on the public site). */
export function altText(picture: string) {
  return optionalText(`${picture} Alt Text`, ALT_TEXT_MAX, {
    messageName: 'Alt text',
    description: `What the ${picture.toLowerCase()} shows, for people who cannot see it (the image's alt text).`,
  });
}

/**
 * Position in public lists (ascending, ties by id). Every collection has it. A create without it
 * goes last (the collection service picks the place); `default` is only the column's default.
 */
export const displayOrderField: Field<number, 'defaulted'> = {
  kind: 'wholeNumber',
  label: 'Display Order',
  messageName: 'Display order',
  required: false,
  default: 0,
  ...DISPLAY_ORDER_RANGE,
  description: 'Position in public lists: ascending, ties by id.',
};

/** An uploaded picture and its text alternative (team members, news, client projects). */
export function uploadedPicture() {
  return {
    pictureUrl: imageAddress('Picture', {
      messageName: 'Picture URL',
      upload: true,
      description: 'The picture: a path under /uploads/ on this site (variants /uploads/<base>-<w>.<webp|avif> for w 320, 640, 1280) or an absolute http(s) URL.',
    }),
    altText: altText('Picture'),
  };
}

/** Longest page title and description of an item's own page (search results cut them shorter). */
export const PAGE_TITLE_MAX = 120;
export const PAGE_DESCRIPTION_MAX = 300;

/**
 * What an item with a page of its own has: its address (made from the title) and the title and
 * description its page gives search engines and link previews (the title and the brief unless set).
 */
export function ownPage(path: string) {
  return {
    slug: slug('Slug', 'title', {
      placeholder: 'Made from the title',
      description: `The last part of the item's page address, ${path}/<slug>: lower-case words joined by hyphens, unique. Made from the title when not given; when it changes, the old address redirects to the new one.`,
    }),
  };
}

/** The title and description of an item's page for search engines and link previews. */
export function pageMetaFields() {
  return {
    pageTitle: optionalText('Page Title', PAGE_TITLE_MAX, {
      placeholder: 'Defaults to the title',
      description: "The page's title in search results and link previews; null: the item's title.",
    }),
    pageDescription: optionalText('Page Description', PAGE_DESCRIPTION_MAX, {
      multiline: true,
      placeholder: 'Defaults to the brief',
      description: "The page's description in search results and link previews; null: the brief.",
    }),
  };
}

/** Descriptions of the columns every record has and of the list arguments, for the API documentation. */
export const sharedDescriptions = {
  id: 'Stable identifier: assigned on creation, never changes and is never reused for another record.',
  version: 'Starts at 1, +1 on every update. Send it back (If-Match, expectedVersion) so a stale save is refused.',
  createdAt: 'When the record was created (set by the server, ISO 8601).',
  updatedAt: 'When the record last changed on the site (set by the server, ISO 8601).',
  limit: 'Return at most this many records (1 to 500). Absent: all of them.',
  offset: 'Skip this many records first (0 or more). Absent: 0.',
  flagFilter: (messageName: string) => `Only records whose ${messageName.toLowerCase()} flag is this value. Absent: all.`,
  byId: (typeName: string) => `One ${typeName} by its id; null when there is none.`,
  list: (description: string) => `${description} In display order (ascending, ties by id).`,
} as const;
