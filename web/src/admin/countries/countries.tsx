import {
  AdminCountriesDocument,
  AdminCreateCountryDocument,
  AdminDeleteCountryDocument,
  AdminUpdateCountryDocument,
} from '../../graphql/generated/graphql';
import { Thumbnail } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const countries = defineCollection({
  path: 'countries',
  title: 'Countries',
  description: 'Countries where the firm has branches, shown in the Presence section.',
  singular: 'Country',
  entity: 'Country',
  noun: 'country',
  missingIdMessage: 'No country ID',
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Flag', width: '1%', cell: (row) => <Thumbnail src={row.flagImageUrl} alt={`${row.name} flag`} shape="flag" /> },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Code', cell: (row) => row.code },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, placeholder: 'Kuwait' },
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 10, placeholder: 'KW' },
    { name: 'flagImageUrl', label: 'Flag Image URL', kind: 'imageUrl', required: true, placeholder: 'https://flagcdn.com/w80/kw.png' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminCountriesDocument,
    listField: 'countries',
    create: AdminCreateCountryDocument,
    update: AdminUpdateCountryDocument,
    remove: AdminDeleteCountryDocument,
  },
});
