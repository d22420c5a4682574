import { contentType } from '../content-type.js';
import { uploadedPicture } from '../shared-fields.js';
import { optionalText, text } from '../fields.js';

export const teamMembers = contentType({
  kind: 'collection',
  typeName: 'TeamMember',
  listing: { search: ['name', 'position'], sort: ['name'] },
  description: 'A person on the Team page.',
  labels: {
    singular: 'Team Member',
    plural: 'Team Members',
    entity: 'Team member',
    noun: 'team member',
    missingId: 'No member ID',
    description: 'The people shown on the Team page.',
  },
  fields: {
    name: text('Name', 200, { description: "The person's name." }),
    position: text('Position', 200, { description: 'Their role at the firm.' }),
    ...uploadedPicture(),
    brief: optionalText('Brief', 2000, { multiline: true, description: 'A short biography; null when not given.' }),
  },
});
