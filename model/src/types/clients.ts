import { contentType } from '../content-type.js';
import { uploadedPicture } from '../shared-fields.js';
import { flag, optionalText, text } from '../fields.js';

export const clients = contentType({
  kind: 'collection',
  typeName: 'Client',
  queryField: 'clients',
  table: 'clients',
  restPath: 'clients',
  adminPath: 'clients',
  description: 'A client project (shown publicly as "Projects").',
  labels: {
    singular: 'Client',
    plural: 'Clients & Projects',
    nav: 'Clients',
    entity: 'Client project',
    noun: 'client project',
    missingId: 'No client ID',
    description: 'Client projects on the Projects page; featured ones appear on the landing page.',
  },
  fields: {
    title: text('Title', 300),
    ...uploadedPicture(),
    brief: optionalText('Brief', 2000, { multiline: true }),
    country: optionalText('Country', 100),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page' }),
  },
});
