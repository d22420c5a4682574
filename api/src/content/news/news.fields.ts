import { displayOrder, flag, imageAddress, optionalText, text, webAddress, type FieldRules } from '../fields.js';

// createdAt is not listed: the server sets it and ignores any value a client sends.
export const newsFields: FieldRules = {
  title: text('Title', 300),
  pictureUrl: imageAddress('Picture URL'),
  brief: text('Brief', 2000),
  content: optionalText('Content', 20000),
  link: webAddress('Link', { required: false }),
  featured: flag('Featured'),
  displayOrder: displayOrder(),
};
