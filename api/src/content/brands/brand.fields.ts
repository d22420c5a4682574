import { displayOrder, imageAddress, optionalText, text, webAddress, type FieldRules } from '../fields.js';

export const brandFields: FieldRules = {
  name: text('Name', 200),
  logoUrl: imageAddress('Logo URL'),
  websiteUrl: webAddress('Website URL'),
  description: optionalText('Description', 2000),
  displayOrder: displayOrder(),
};
