import { FeaturedBadge, Thumbnail } from '../collections/cells';
import { clients as clientsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const clients = defineCollection({
  type: clientsType,
  rowLabel: (row) => row.title,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.altText || row.title} /> },
    { header: 'Title', cell: (row) => row.title },
    { header: 'Country', cell: (row) => row.country || 'N/A' },
    { header: 'Featured', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
});
