import { Thumbnail } from '../collections/cells';
import { teamMembers as teamMembersType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const teamMembers = defineCollection({
  type: teamMembersType,
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.altText || row.name} /> },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Position', cell: (row) => row.position },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
});
