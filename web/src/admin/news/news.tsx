import { Text } from '@chakra-ui/react';
import { Clamp, ExternalLink, FeaturedBadge, displayOrderColumn, pictureColumn } from '../collections/cells';
import { news as newsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const news = defineCollection({
  type: newsType,
  rowLabel: (row) => row.title,
  columns: [
    pictureColumn('title'),
    { header: 'Title', cell: (row) => row.title, sortField: 'title' },
    {
      header: 'Date',
      width: '1%',
      cell: (row) => <Text as="span" whiteSpace="nowrap">{new Date(row.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}</Text>,
      sortField: 'createdAt',
    },
    { header: 'Brief', cell: (row) => <Clamp>{row.brief}</Clamp> },
    { header: 'Link', cell: (row) => <ExternalLink href={row.link} /> },
    { header: 'Featured', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    displayOrderColumn,
  ],
});
