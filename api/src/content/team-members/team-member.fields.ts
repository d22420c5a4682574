import { displayOrder, imageAddress, optionalText, text, type FieldRules } from '../fields.js';

export const teamMemberFields: FieldRules = {
  name: text('Name', 200),
  position: text('Position', 200),
  pictureUrl: imageAddress('Picture URL'),
  brief: optionalText('Brief', 2000),
  displayOrder: displayOrder(),
};
