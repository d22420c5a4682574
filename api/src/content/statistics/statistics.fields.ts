import { text, wholeNumber, type FieldRules } from '../fields.js';

const count = (label: string) => wholeNumber(label, { min: 0, max: 1_000_000_000 });

export const statisticsFields: FieldRules = {
  yearEstablished: text('Year established', 20),
  expertCount: count('Expert count'),
  projectCount: count('Project count'),
  partnerCount: count('Partner count'),
};
