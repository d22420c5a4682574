import { contentType } from '../content-type.js';
import { ownPage, pageMetaFields, uploadedPicture } from '../shared-fields.js';
import { flag, optionalWebAddress, richText, text } from '../fields.js';

export const news = contentType({
  kind: 'collection',
  typeName: 'News',
  plural: 'News',
  listing: { search: ['title', 'brief'], sort: ['title', 'createdAt'] },
  description: 'A news article (the News page; featured ones lead the landing preview).',
  createdAt: true,
  updatedAt: true,
  page: { path: '/news' },
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
    ...ownPage('/news'),
    ...uploadedPicture(),
    brief: text('Brief', 2000, { multiline: true, description: 'The summary shown in lists.' }),
    content: richText('Content', 100_000, {
      description:
        'The full article as plain text (paragraphs separated by blank lines); null when not given. The article itself is contentDocument; plain text sent here becomes its paragraphs.',
    }),
    link: optionalWebAddress('Link', { placeholder: 'https://...', description: 'An external page about the news; null when not given.' }),
    featured: flag('Featured', { checkboxLabel: 'Feature on the landing page', description: 'Leads the landing page preview; filter with news(featured: true).' }),
    ...pageMetaFields(),
  },
});
