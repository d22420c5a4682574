import { Thumbnail, displayOrderColumn } from '../collections/cells';
import { countries as countriesType } from '@consulting/model';
import { defineCollection } from '../collections/collection-definition';

export const countries = defineCollection({
  type: countriesType,
  rowLabel: (row) => row.name,
  columns: [
    { header: 'Flag', width: '1%', cell: (row) => <Thumbnail src={row.flagImageUrl} alt={`${row.name} flag`} shape="flag" /> },
    { header: 'Name', cell: (row) => row.name, sortField: 'name' },
    { header: 'Code', cell: (row) => row.code },
    displayOrderColumn,
  ],
});
