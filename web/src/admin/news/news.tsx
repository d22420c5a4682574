import { Clamp, ExternalLink, FeaturedBadge, Thumbnail } from '../collections/cells';
import { news as newsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const news = defineCollection({
  type: newsType,
  rowLabel: (row) => row.title,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.altText || row.title} /> },
    { header: 'Title', cell: (row) => row.title },
    { header: 'Brief', cell: (row) => <Clamp>{row.brief}</Clamp> },
    { header: 'Link', cell: (row) => <ExternalLink href={row.link} /> },
    { header: 'Featured', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
});
