import { ExternalLink, Thumbnail, displayOrderColumn } from '../collections/cells';
import { brands as brandsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const brands = defineCollection({
  type: brandsType,
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Logo', width: '1%', cell: (row) => <Thumbnail src={row.logoUrl} alt={row.altText || `${row.name} logo`} shape="logo" /> },
    { header: 'Name', cell: (row) => row.name, sortField: 'name' },
    { header: 'Website', cell: (row) => <ExternalLink href={row.websiteUrl} /> },
    displayOrderColumn,
  ],
});
