import { contentType } from '../content-type.js';
import { altText } from '../shared-fields.js';
import { imageAddress, optionalText, text, webAddress } from '../fields.js';

export const brands = contentType({
  kind: 'collection',
  typeName: 'Brand',
  listing: { search: ['name', 'description'], sort: ['name'] },
  description: 'A sister company (the Companies section).',
  labels: {
    singular: 'Brand',
    plural: 'Brands',
    entity: 'Brand',
    noun: 'brand',
    missingId: 'No brand ID',
    description: 'Sister companies, shown in the Companies section.',
  },
  fields: {
    name: text('Name', 200, { description: 'The brand or partner name.' }),
    logoUrl: imageAddress('Logo URL', {
      placeholder: 'https://... or /uploads/...',
      description: 'The logo: an absolute http(s) URL or a path under /uploads/ on this site.',
    }),
    altText: altText('Logo'),
    websiteUrl: webAddress('Website URL', { placeholder: 'https://...', description: "The brand's website (http or https)." }),
    description: optionalText('Description', 2000, { multiline: true, description: 'What the brand does; null when not given.' }),
  },
});
