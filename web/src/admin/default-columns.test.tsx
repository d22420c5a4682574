import { describe, expect, it } from '@jest/globals';
import { contentType, flag, optionalText, richText, slug, text } from '@consulting/model';
import { defaultCollection } from './default-columns';

// A collection without a screen of its own gets its table from its declaration: a rich field (a
// whole article) and a slug (an address made from the title) are not columns.

const essays = contentType({
  kind: 'collection',
  typeName: 'Essay',
  labels: { singular: 'Essay', plural: 'Essays', entity: 'Essay', noun: 'essay', missingId: 'No essay ID', description: 'Essays.' },
  description: 'An essay.',
  page: { path: '/essays' },
  fields: {
    title: text('Title', 200),
    slug: slug('Slug', 'title'),
    body: richText('Body', 10_000),
    author: optionalText('Author', 100),
    featured: flag('Featured'),
  },
});

describe('the default table', () => {
  it('leaves out rich text and slugs', () => {
    expect(defaultCollection(essays).columns.map((c) => c.header)).toEqual(['Title', 'Author', 'Featured', 'Display Order']);
  });
});
