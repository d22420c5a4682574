import { contentType } from '../content-type.js';
import { uploadedPicture } from '../shared-fields.js';
import { flag, optionalText, optionalWebAddress, text } from '../fields.js';

export const news = contentType({
  kind: 'collection',
  typeName: 'News',
  plural: 'News',
  listing: { search: ['title', 'brief'], sort: ['title', 'createdAt'] },
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
    title: text('Title', 300, { description: 'The headline.' }),
    ...uploadedPicture(),
    brief: text('Brief', 2000, { multiline: true, description: 'The summary shown in lists.' }),
    content: optionalText('Content', 20_000, { multiline: true, description: 'The full article as plain text (line breaks kept); null when not given.' }),
    link: optionalWebAddress('Link', { placeholder: 'https://...', description: 'An external page about the news; null when not given.' }),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page', description: 'Leads the landing page preview; filter with news(featured: true).' }),
  },
});
