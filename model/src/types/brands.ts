import { contentType } from '../content-type.js';
import { altText } from '../shared-fields.js';
import { imageAddress, optionalText, text, webAddress } from '../fields.js';

export const brands = contentType({
  kind: 'collection',
  typeName: 'Brand',
  queryField: 'brands',
  table: 'brands',
  restPath: 'brands',
  adminPath: 'brands',
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
    name: text('Name', 200),
    logoUrl: imageAddress('Logo URL', { placeholder: 'https://... or /uploads/...' }),
    altText: altText('Logo'),
    websiteUrl: webAddress('Website URL', { placeholder: 'https://...' }),
    description: optionalText('Description', 2000, { multiline: true }),
  },
});
