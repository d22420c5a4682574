import { PAGE_LINK_PLACES, RESERVED_PAGE_SLUGS } from '../constants.js';
import { contentType } from '../content-type.js';
import { choice, richText, slug, text } from '../fields.js';
import { PAGE_DESCRIPTION_MAX } from '../shared-fields.js';

// The firm's simple pages: a privacy policy, an imprint, an accessibility statement, anything with
// a title and a body. Each is served at /<slug> (page.path '': no list page of its own), linked in
// the footer or nowhere. A slug never shadows one of the site's routes (/team, /news, /admin,
// /api, ...): the server refuses it with a field message.

export const pages = contentType({
  kind: 'collection',
  typeName: 'Page',
  listing: { search: ['title', 'description'], sort: ['title'] },
  description: "A simple page of the firm's own (a privacy policy, an imprint), served at /<slug>.",
  updatedAt: true,
  page: { path: '' },
  labels: {
    singular: 'Page',
    plural: 'Pages',
    entity: 'Page',
    noun: 'page',
    missingId: 'No page ID',
    description: 'Simple pages such as the privacy policy, imprint and accessibility statement, each at its own address.',
  },
  fields: {
    title: text('Title', 200, { description: "The page's heading and title." }),
    slug: slug('Slug', 'title', {
      placeholder: 'Made from the title',
      reserved: RESERVED_PAGE_SLUGS,
      description:
        "The page's address, /<slug>: lower-case words joined by hyphens, unique, never one of the site's own routes (team, news, clients, admin, api, ...). Made from the title when not given; when it changes, the old address redirects to the new one.",
    }),
    body: richText('Body', 200_000, {
      description: "The page's text as plain text (paragraphs separated by blank lines); null when empty. The page itself is bodyDocument.",
    }),
    description: text('Description', PAGE_DESCRIPTION_MAX, {
      multiline: true,
      description: "What the page is about, in a sentence: search results and link previews.",
    }),
    linkedFrom: choice('Linked From', PAGE_LINK_PLACES, 'footer', {
      enumName: 'PageLinkPlace',
      description: 'Where the site links the page: the footer, or nowhere (reachable by its address only).',
    }),
  },
});
