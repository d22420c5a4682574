import {
  AdminClientsDocument,
  AdminCreateClientDocument,
  AdminDeleteClientDocument,
  AdminUpdateClientDocument,
} from '../../graphql/generated/graphql';
import { FeaturedBadge, Thumbnail } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const clients = defineCollection({
  path: 'clients',
  title: 'Clients & Projects',
  description: 'Client projects on the Projects page; featured ones appear on the landing page.',
  singular: 'Client',
  entity: 'Client project',
  noun: 'client project',
  missingIdMessage: 'No client ID',
  rowLabel: (row) => row.title,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.title} /> },
    { header: 'Title', cell: (row) => row.title },
    { header: 'Country', cell: (row) => row.country || 'N/A' },
    { header: 'Featured', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 300 },
    { name: 'pictureUrl', label: 'Picture', kind: 'image', required: true },
    { name: 'brief', label: 'Brief', kind: 'textarea' },
    { name: 'country', label: 'Country', kind: 'text', maxLength: 100 },
    { name: 'featured', label: 'Featured', kind: 'checkbox', checkboxLabel: 'Feature on the landing page' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminClientsDocument,
    listField: 'clients',
    create: AdminCreateClientDocument,
    update: AdminUpdateClientDocument,
    remove: AdminDeleteClientDocument,
  },
});
