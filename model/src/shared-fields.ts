import { DISPLAY_ORDER_RANGE } from './constants.js';
import { imageAddress, optionalText, type Field } from './fields.js';

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

/** Descriptions of the columns every record has and of the list arguments, for the API documentation. */
export const sharedDescriptions = {
  id: 'Stable identifier: assigned on creation, never changes and is never reused for another record.',
  version: 'Starts at 1, +1 on every update. Send it back (If-Match, expectedVersion) so a stale save is refused.',
  createdAt: 'When the record was created (set by the server, ISO 8601).',
  limit: 'Return at most this many records (1 to 500). Absent: all of them.',
  offset: 'Skip this many records first (0 or more). Absent: 0.',
  flagFilter: (messageName: string) => `Only records whose ${messageName.toLowerCase()} flag is this value. Absent: all.`,
  byId: (typeName: string) => `One ${typeName} by its id; null when there is none.`,
  list: (description: string) => `${description} In display order (ascending, ties by id).`,
} as const;
