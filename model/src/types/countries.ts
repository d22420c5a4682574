import { contentType } from '../content-type.js';
import { imageAddress, text } from '../fields.js';

export const countries = contentType({
  kind: 'collection',
  typeName: 'Country',
  queryField: 'countries',
  table: 'countries',
  restPath: 'countries',
  adminPath: 'countries',
  description: 'A country where the firm has a branch (the Presence section).',
  labels: {
    singular: 'Country',
    plural: 'Countries',
    entity: 'Country',
    noun: 'country',
    missingId: 'No country ID',
    description: 'Countries where the firm has branches, shown in the Presence section.',
  },
  fields: {
    name: text('Name', 100, { placeholder: 'Kuwait' }),
    code: text('Code', 10, { placeholder: 'KW' }),
    flagImageUrl: imageAddress('Flag Image URL', { placeholder: 'https://flagcdn.com/w80/kw.png' }),
  },
});
