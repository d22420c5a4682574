import { displayOrder, oneOf, optionalText, text, type FieldRules } from '../fields.js';

export const CONTACT_ICONS = ['Mail', 'Phone', 'MapPin', 'Globe'] as const;

export const contactInfoFields: FieldRules = {
  type: text('Type', 50),
  value: text('Value', 500),
  label: optionalText('Label', 100),
  icon: oneOf('Icon', CONTACT_ICONS, 'Mail'),
  displayOrder: displayOrder(),
};
