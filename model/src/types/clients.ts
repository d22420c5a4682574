import { contentType } from '../content-type.js';
import { ownPage, pageMetaFields, uploadedPicture } from '../shared-fields.js';
import { flag, optionalText, richText, text } from '../fields.js';

export const clients = contentType({
  kind: 'collection',
  typeName: 'Client',
  listing: { search: ['title', 'brief', 'country'], sort: ['title'] },
  description: 'A client project (shown publicly as "Projects").',
  updatedAt: true,
  page: { path: '/clients' },
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
    ...ownPage('/clients'),
    ...uploadedPicture(),
    brief: optionalText('Brief', 2000, { multiline: true, description: 'A short summary of the project; null when not given.' }),
    story: richText('Story', 100_000, {
      description: "The case study shown on the project's page, as plain text (paragraphs separated by blank lines); null when not given. The story itself is storyDocument.",
    }),
    country: optionalText('Country', 100, { description: 'Where the project took place, as free text; null when not given.' }),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page', description: 'Shown in the landing page preview.' }),
    ...pageMetaFields(),
  },
});
