import { displayOrder, flag, imageAddress, optionalText, text, type FieldRules } from '../fields.js';

export const clientFields: FieldRules = {
  title: text('Title', 300),
  pictureUrl: imageAddress('Picture URL'),
  brief: optionalText('Brief', 2000),
  country: optionalText('Country', 100),
  featured: flag('Featured'),
  displayOrder: displayOrder(),
};
