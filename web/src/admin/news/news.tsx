import {
  AdminCreateNewsDocument,
  AdminDeleteNewsDocument,
  AdminNewsListDocument,
  AdminUpdateNewsDocument,
} from '../../graphql/generated/graphql';
import { Clamp, ExternalLink, FeaturedBadge, Thumbnail } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const news = defineCollection({
  path: 'news',
  title: 'News',
  description: 'Articles on the News page; featured ones lead the landing page preview.',
  singular: 'News',
  entity: 'News article',
  noun: 'news article',
  missingIdMessage: 'No news ID',
  rowLabel: (row) => row.title,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.title} /> },
    { header: 'Title', cell: (row) => row.title },
    { header: 'Brief', cell: (row) => <Clamp>{row.brief}</Clamp> },
    { header: 'Link', cell: (row) => <ExternalLink href={row.link} /> },
    { header: 'Featured', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 300 },
    { name: 'pictureUrl', label: 'Picture', kind: 'image', required: true },
    { name: 'brief', label: 'Brief', kind: 'textarea', required: true },
    { name: 'content', label: 'Content', kind: 'textarea', maxLength: 20_000 },
    { name: 'link', label: 'Link', kind: 'url', placeholder: 'https://...' },
    { name: 'featured', label: 'Featured', kind: 'checkbox', checkboxLabel: 'Feature on the landing page' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminNewsListDocument,
    listField: 'news',
    create: AdminCreateNewsDocument,
    update: AdminUpdateNewsDocument,
    remove: AdminDeleteNewsDocument,
  },
});
