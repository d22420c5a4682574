import { FeaturedBadge, displayOrderColumn, pictureColumn } from '../collections/cells';
import { clients as clientsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const clients = defineCollection({
  type: clientsType,
  rowLabel: (row) => row.title,
  columns: [
    pictureColumn('title'),
    { header: 'Title', cell: (row) => row.title, sortField: 'title' },
    { header: 'Country', cell: (row) => row.country || 'N/A' },
    { header: 'Featured', width: '1%', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    displayOrderColumn,
  ],
});
