import { Badge } from '@chakra-ui/react';
import type { ContentType, Field, RecordOf } from '@consulting/model';
import { ExternalLink, OrDash, Thumbnail, displayOrderColumn } from './collections/cells';
import { defineCollection, type Column } from './collections/collection-definition';

// The admin table of a collection whose screen declares nothing of its own (no entry in
// screen-overrides.ts): its first few one-line fields as columns, each drawn by its kind, then the
// display order; a row is named by its first text field. Rich text (a whole article) and slugs
// (an address made from the title) are not worth a column.

/** How many declared fields the default table shows. */
const DEFAULT_COLUMNS = 4;

type Row = Record<string, unknown> & { id: number };

function columnOf(type: ContentType, key: string, field: Field): Column<Row> {
  const value = (row: Row) => row[key] as string | null | undefined;
  const sortField = (type.listing?.sort as readonly string[] | undefined)?.includes(key) ? key : undefined;
  const column = { header: field.label, ...(sortField && { sortField }) };
  switch (field.kind) {
    case 'imageAddress':
      return { ...column, width: '1%', cell: (row) => <Thumbnail src={String(value(row) ?? '')} alt={field.label} /> };
    case 'webAddress':
      return { ...column, cell: (row) => <ExternalLink href={value(row)} /> };
    case 'flag':
      return { ...column, cell: (row) => <Badge variant="subtle">{row[key] ? 'Yes' : 'No'}</Badge> };
    case 'wholeNumber':
      return { ...column, align: 'end', cell: (row) => String(row[key] ?? '') };
    default:
      return { ...column, cell: (row) => <OrDash value={value(row)} /> };
  }
}

/** A collection's screen from its declaration alone. */
export function defaultCollection(type: ContentType) {
  const fields = Object.entries(type.fields).filter(([, field]) => !field.multiline && field.kind !== 'richText' && field.kind !== 'slug');
  const nameField = fields.find(([, field]) => field.kind === 'text')?.[0];
  return defineCollection<ContentType>({
    type,
    rowLabel: (row) => (nameField ? String((row as Row)[nameField] ?? '') : `#${row.id}`),
    columns: [
      ...fields.slice(0, DEFAULT_COLUMNS).map(([key, field]) => columnOf(type, key, field) as Column<RecordOf<ContentType>>),
      displayOrderColumn as unknown as Column<RecordOf<ContentType>>,
    ],
  });
}
