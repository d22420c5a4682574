import { ContactIcon, OrDash, displayOrderColumn } from '../collections/cells';
import { contactInfo as contactInfoType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const contactInfo = defineCollection({
  type: contactInfoType,
  rowLabel: (row) => `${row.label || row.type}: ${row.value}`,
  columns: [
    { header: 'Icon', width: '1%', cell: (row) => <ContactIcon icon={row.icon} /> },
    { header: 'Type', cell: (row) => row.type },
    { header: 'Value', cell: (row) => row.value, sortField: 'value' },
    { header: 'Label', cell: (row) => <OrDash value={row.label} /> },
    displayOrderColumn,
  ],
});
