import { contentType } from '../content-type.js';
import { imageAddress, text } from '../fields.js';

export const countries = contentType({
  kind: 'collection',
  typeName: 'Country',
  listing: { search: ['name', 'code'], sort: ['name'] },
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
    name: text('Name', 100, { placeholder: 'Kuwait', description: 'The country name.' }),
    code: text('Code', 10, { placeholder: 'KW', description: 'A short code, usually ISO 3166-1 alpha-2 (KW).' }),
    flagImageUrl: imageAddress('Flag Image URL', {
      placeholder: 'https://flagcdn.com/w80/kw.png',
      description: 'The flag picture: an absolute http(s) URL or a path under /uploads/ on this site.',
    }),
  },
});
