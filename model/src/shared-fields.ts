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

/** Position in public lists (ascending, ties by id); 0 unless given. Every collection has it. */
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
    pictureUrl: imageAddress('Picture', { messageName: 'Picture URL', upload: true }),
    altText: altText('Picture'),
  };
}
