import { contentType } from '../content-type.js';
import { uploadedPicture } from '../shared-fields.js';
import { flag, optionalText, text } from '../fields.js';

export const clients = contentType({
  kind: 'collection',
  typeName: 'Client',
  listing: { search: ['title', 'brief', 'country'], sort: ['title'] },
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
    title: text('Title', 300, { description: 'The client or project name.' }),
    ...uploadedPicture(),
    brief: optionalText('Brief', 2000, { multiline: true, description: 'A short summary of the project; null when not given.' }),
    country: optionalText('Country', 100, { description: 'Where the project took place, as free text; null when not given.' }),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page', description: 'Shown in the landing page preview.' }),
  },
});
