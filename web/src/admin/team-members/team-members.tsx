import { displayOrderColumn, pictureColumn } from '../collections/cells';
import { teamMembers as teamMembersType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const teamMembers = defineCollection({
  type: teamMembersType,
  rowLabel: (row) => row.name,
  columns: [
    pictureColumn('name'),
    { header: 'Name', cell: (row) => row.name, sortField: 'name' },
    { header: 'Position', cell: (row) => row.position },
    displayOrderColumn,
  ],
});
