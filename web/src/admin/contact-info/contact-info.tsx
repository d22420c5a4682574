import {
  AdminContactInfoListDocument,
  AdminCreateContactInfoDocument,
  AdminDeleteContactInfoDocument,
  AdminUpdateContactInfoDocument,
} from '../../graphql/generated/graphql';
import { ContactIcon, OrDash } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';

export const contactInfo = defineCollection({
  path: 'contact-info',
  title: 'Contact Information',
  description: 'Ways to reach the firm, shown in the Contact section. Types email, phone and website become links.',
  singular: 'Contact Info',
  entity: 'Contact info',
  noun: 'contact info',
  missingIdMessage: 'No contact ID',
  rowLabel: (row) => `${row.label || row.type}: ${row.value}`,
  columns: [
    { header: 'Icon', width: '1%', cell: (row) => <ContactIcon icon={row.icon} /> },
    { header: 'Type', cell: (row) => row.type },
    { header: 'Value', cell: (row) => row.value },
    { header: 'Label', cell: (row) => <OrDash value={row.label} /> },
    { header: 'Display Order', width: '1%', align: 'end', cell: (row) => row.displayOrder },
  ],
  fields: [
    { name: 'type', label: 'Type', kind: 'text', required: true, maxLength: 50, placeholder: 'email, phone, website, address' },
    { name: 'value', label: 'Value', kind: 'text', required: true, maxLength: 500 },
    { name: 'label', label: 'Label', kind: 'text', maxLength: 100 },
    { name: 'icon', label: 'Icon', kind: 'icon' },
    { name: 'displayOrder', label: 'Display Order', kind: 'integer' },
  ],
  operations: {
    list: AdminContactInfoListDocument,
    listField: 'contactInfo',
    create: AdminCreateContactInfoDocument,
    update: AdminUpdateContactInfoDocument,
    remove: AdminDeleteContactInfoDocument,
  },
});
