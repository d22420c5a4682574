import { displayOrder, imageAddress, text, type FieldRules } from '../fields.js';

export const countryFields: FieldRules = {
  name: text('Name', 100),
  code: text('Code', 10),
  flagImageUrl: imageAddress('Flag image URL'),
  displayOrder: displayOrder(),
};
