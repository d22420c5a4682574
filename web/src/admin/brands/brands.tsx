import {
  AdminBrandsDocument,
  AdminCreateBrandDocument,
  AdminDeleteBrandDocument,
  AdminUpdateBrandDocument,
} from '../../graphql/generated/graphql';
import { ExternalLink, Thumbnail } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const brands = defineCollection({
  path: 'brands',
  title: 'Brands',
  description: 'Sister companies, shown in the Companies section.',
  singular: 'Brand',
  entity: 'Brand',
  noun: 'brand',
  missingIdMessage: 'No brand ID',
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Logo', width: '1%', cell: (row) => <Thumbnail src={row.logoUrl} alt={`${row.name} logo`} /> },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Website', cell: (row) => <ExternalLink href={row.websiteUrl} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'logoUrl', label: 'Logo URL', kind: 'imageUrl', required: true, placeholder: 'https://... or /uploads/...' },
    { name: 'websiteUrl', label: 'Website URL', kind: 'url', required: true, placeholder: 'https://...' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminBrandsDocument,
    listField: 'brands',
    create: AdminCreateBrandDocument,
    update: AdminUpdateBrandDocument,
    remove: AdminDeleteBrandDocument,
  },
});
