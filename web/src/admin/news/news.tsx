import { Text } from '@chakra-ui/react';
import { Clamp, ExternalLink, FeaturedBadge, displayOrderColumn, pictureColumn } from '../collections/cells';
import { news as newsType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';
import { formatDate } from '../shell/format-date';

export const news = defineCollection({
  type: newsType,
  rowLabel: (row) => row.title,
  columns: [
    pictureColumn('title'),
    { header: 'Title', cell: (row) => row.title, sortField: 'title' },
    {
      header: 'Date',
      width: '1%',
      cell: (row) => <Text as="span" whiteSpace="nowrap">{formatDate(row.createdAt)}</Text>,
      sortField: 'createdAt',
    },
    { header: 'Brief', cell: (row) => <Clamp>{row.brief}</Clamp> },
    { header: 'Link', cell: (row) => <ExternalLink href={row.link} /> },
    { header: 'Featured', width: '1%', cell: (row) => <FeaturedBadge featured={row.featured} /> },
    displayOrderColumn,
  ],
});
