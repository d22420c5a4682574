import { Code, Link, Text } from '@chakra-ui/react';
import { PAGE_LINK_PLACES, pages as pagesType } from '@consulting/model';
import { NEW_TAB, NewTabHint } from '../../components/ExternalLink';
import { displayOrderColumn } from '../collections/cells';
import { defineCollection } from '../collections/collection-definition';
import type { WithPublication } from '../collections/use-record-dialog';
import type { FieldSpec } from '../forms/field-spec';
import { PublicationBadges } from '../publishing/PublicationBadges';

// The firm's simple pages (privacy policy, imprint, accessibility statement): each one is a page
// of the site at /<slug>, so the table says where it is, where the site links it and whether it
// is on the site; the dialog has the address right under the title it is made from.

/** The fields whose description in the content model helps an editor (the others' labels say it all). */
const HELPED = new Set(['description', 'linkedFrom']);

const LINK_PLACE_LABEL: Record<string, string> = Object.fromEntries(PAGE_LINK_PLACES.map((place) => [place.value, place.label]));

/**
 * The dialog's fields: title, then the slug with the address it makes, then the body... A simple
 * page is nothing but its own page, so the slug is not set apart as the item's page (as an
 * article's is, under "Page and sharing").
 */
function pageDialogFields(fields: FieldSpec[]): FieldSpec[] {
  const plain = fields.map((field) => ({ ...field, pageField: false, ...(HELPED.has(field.name) && { help: field.model.description }) }));
  const slug = plain.filter((field) => field.kind === 'slug');
  const rest = plain.filter((field) => field.kind !== 'slug');
  const title = rest.findIndex((field) => field.name === 'title');
  return [...rest.slice(0, title + 1), ...slug, ...rest.slice(title + 1)];
}

const base = defineCollection({
  type: pagesType,
  rowLabel: (row) => row.title,
  columns: [
    { header: 'Title', cell: (row) => row.title, sortField: 'title' },
    {
      header: 'Address',
      cell: (row) => {
        const address = `/${row.slug}`;
        // A page on the site links to itself; one that is not there has no public page yet.
        return (row as WithPublication<typeof row>).publication?.live === false ? (
          <Code size="sm">{address}</Code>
        ) : (
          <Link href={address} {...NEW_TAB} color="brand.fg" wordBreak="break-all">
            {address}
            <NewTabHint />
          </Link>
        );
      },
    },
    { header: 'Linked From', width: '1%', cell: (row) => <Text as="span" whiteSpace="nowrap">{LINK_PLACE_LABEL[row.linkedFrom] ?? row.linkedFrom}</Text> },
    {
      header: 'State',
      width: '1%',
      cell: (row) => {
        const { publication } = row as WithPublication<typeof row>;
        return publication ? <PublicationBadges publication={publication} /> : null;
      },
    },
    displayOrderColumn,
  ],
});

export const pages: typeof base = { ...base, fields: pageDialogFields(base.fields), addFields: pageDialogFields(base.addFields) };
