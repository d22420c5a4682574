import { contentType } from '../content-type.js';
import { uploadedPicture } from '../shared-fields.js';
import { flag, optionalText, optionalWebAddress, text } from '../fields.js';

export const news = contentType({
  kind: 'collection',
  typeName: 'News',
  queryField: 'news',
  table: 'news',
  restPath: 'news',
  adminPath: 'news',
  description: 'A news article (the News page; featured ones lead the landing preview).',
  createdAt: true,
  labels: {
    singular: 'News',
    plural: 'News',
    entity: 'News article',
    noun: 'news article',
    missingId: 'No news ID',
    description: 'Articles on the News page; featured ones lead the landing page preview.',
  },
  fields: {
    title: text('Title', 300),
    ...uploadedPicture(),
    brief: text('Brief', 2000, { multiline: true }),
    content: optionalText('Content', 20_000, { multiline: true }),
    link: optionalWebAddress('Link', { placeholder: 'https://...' }),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page' }),
  },
});
