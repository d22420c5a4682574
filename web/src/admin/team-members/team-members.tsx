import {
  AdminCreateTeamMemberDocument,
  AdminDeleteTeamMemberDocument,
  AdminTeamMembersDocument,
  AdminUpdateTeamMemberDocument,
} from '../../graphql/generated/graphql';
import { Thumbnail } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const teamMembers = defineCollection({
  path: 'team-members',
  title: 'Team Members',
  description: 'The people shown on the Team page.',
  singular: 'Team Member',
  entity: 'Team member',
  noun: 'team member',
  missingIdMessage: 'No member ID',
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Picture', width: '1%', cell: (row) => <Thumbnail src={row.pictureUrl} alt={row.name} /> },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Position', cell: (row) => row.position },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'position', label: 'Position', kind: 'text', required: true },
    { name: 'pictureUrl', label: 'Picture', kind: 'image', required: true },
    { name: 'brief', label: 'Brief', kind: 'textarea' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminTeamMembersDocument,
    listField: 'teamMembers',
    create: AdminCreateTeamMemberDocument,
    update: AdminUpdateTeamMemberDocument,
    remove: AdminDeleteTeamMemberDocument,
  },
});
