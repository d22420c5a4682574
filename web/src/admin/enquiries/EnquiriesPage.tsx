import { Link, useLocation } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, ButtonGroup, HStack, Input, InputGroup, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Circle, CircleCheck, Download, Search } from 'lucide-react';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { AdminEnquiriesDocument } from '../../graphql/generated/graphql';
import { Pager } from '../collections/Pager';
import { useSiteTimeZone } from '../publishing/use-site-time-zone';
import { cardBody, cardCell, cardMessageCell, cardMessageRow, cardRow, cardScrollArea, cardTable, visuallyHiddenOnPhones } from '../shell/card-table';
import { ScreenHeader } from '../shell/ScreenHeader';
import { ENQUIRY_FILTERS, ENQUIRY_PAGE_SIZE, MAX_ENQUIRY_SEARCH, enquiryExportHref, useEnquiryListState, type EnquiryFilter } from './enquiry-list-state';
import type { EnquiryLinkState } from './EnquiryPage';
import { receivedAt } from './received-at';

const number = (n: number) => n.toLocaleString('en-US');

const EMPTY: Record<EnquiryFilter, string> = {
  all: 'No enquiries yet.',
  unread: 'No unread enquiries.',
  handled: 'No handled enquiries yet.',
};

/** Admin screen: the enquiries sent through the contact form, newest first, a page at a time; searched, filtered by unread or handled, exported as CSV. */
export function EnquiriesPage() {
  const state = useEnquiryListState();
  const { search: listSearch } = useLocation();
  const { timeZone } = useSiteTimeZone();
  const list = useQuery(AdminEnquiriesDocument, { variables: state.variables, fetchPolicy: 'cache-and-network' });
  // The page shown stays until the next one arrives (no empty flash while paging or filtering).
  const data = list.data ?? list.previousData;
  const items = data?.enquiries.items ?? [];
  const total = data?.enquiries.total ?? 0;
  const empty = state.search ? `No enquiries match “${state.search}”.` : EMPTY[state.filter];
  // A search's count stops just past SEARCH_COUNT_LIMIT (that answer means "more").
  const capped = !!state.search && total > SEARCH_COUNT_LIMIT;
  const status = data && (state.search || state.filter !== 'all') ? `${capped ? `${number(SEARCH_COUNT_LIMIT)}+` : number(total)} shown` : '';

  return (
    <Box>
      <ScreenHeader title="Enquiries" description="Messages sent through the contact form, newest first">
        <Button asChild variant="outline">
          <a href={enquiryExportHref(state)} download>
            <Download /> Export CSV
          </a>
        </Button>
      </ScreenHeader>

      <HStack as="form" role="search" aria-label="Find enquiries" mb="3" gap="3" wrap="wrap" onSubmit={(event) => event.preventDefault()}>
        <InputGroup startElement={<Search size="16" />} maxW={{ md: 'sm' }} flex="1" minW="48">
          <Input
            type="search"
            placeholder="Search enquiries"
            aria-label="Search enquiries"
            value={state.draft}
            maxLength={MAX_ENQUIRY_SEARCH}
            onChange={(event) => state.setDraft(event.target.value)}
            bg="bg"
          />
        </InputGroup>
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Show">
          {ENQUIRY_FILTERS.map((filter) => {
            const pressed = state.filter === filter.value;
            return (
              <Button
                key={filter.value}
                aria-pressed={pressed}
                onClick={() => state.setFilter(filter.value)}
                bg={pressed ? 'brand.subtle' : 'bg'}
                color={pressed ? 'brand.fg' : 'fg'}
                fontWeight={pressed ? 'semibold' : 'normal'}
              >
                {filter.label}
              </Button>
            );
          })}
        </ButtonGroup>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {status}
        </Text>
      </HStack>

      {list.error && !data ? (
        <Text color="fg.error">Failed to load enquiries. Please try again later.</Text>
      ) : (
        <>
          <Table.ScrollArea {...cardScrollArea}>
            <Table.Root size="sm" {...cardTable} aria-label="Enquiries" aria-busy={list.loading || undefined}>
              <Table.Header {...visuallyHiddenOnPhones}>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader py="3">Status</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">From</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">Service</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">Message</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">Received</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body {...cardBody}>
                {!data && (
                  <Table.Row {...cardMessageRow}>
                    <Table.Cell colSpan={5} {...cardMessageCell}>
                      Loading...
                    </Table.Cell>
                  </Table.Row>
                )}
                {data && items.length === 0 && (
                  <Table.Row {...cardMessageRow}>
                    <Table.Cell colSpan={5} {...cardMessageCell}>
                      {empty}
                    </Table.Cell>
                  </Table.Row>
                )}
                {items.map((item) => {
                  const unread = !item.handledAt;
                  return (
                    <Table.Row key={item.id} data-unread={unread || undefined} {...cardRow} bg={unread ? 'brand.subtle' : 'bg'}>
                      <Table.Cell data-label="Status" {...cardCell} whiteSpace={{ md: 'nowrap' }}>
                        {unread ? (
                          <Badge colorPalette="brand" variant="solid" gap="1">
                            <Circle size={8} fill="currentColor" aria-hidden />Unread
                          </Badge>
                        ) : (
                          <Badge colorPalette="gray" variant="subtle" gap="1">
                            <CircleCheck size={12} aria-hidden />Handled
                          </Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell data-label="From" {...cardCell} minW={{ md: '40' }} wordBreak="break-word">
                        <Box minW="0">
                          <ChakraLink asChild color="brand.fg" fontWeight={unread ? 'bold' : 'medium'}>
                            <Link to={`/admin/enquiries/${item.id}`} state={{ list: listSearch } satisfies EnquiryLinkState}>{item.name}</Link>
                          </ChakraLink>
                          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                            {item.email}
                          </Text>
                          {item.organisation && (
                            <Text fontSize="xs" color="fg.muted">
                              {item.organisation}
                            </Text>
                          )}
                        </Box>
                      </Table.Cell>
                      <Table.Cell data-label="Service" {...cardCell} minW={{ lg: '32' }}>
                        {item.serviceLabel}
                      </Table.Cell>
                      <Table.Cell data-label="Message" {...cardCell} minW={{ md: '48' }} maxW={{ md: 'md' }}>
                        <Text lineClamp={2} wordBreak="break-word" fontWeight={unread ? 'medium' : 'normal'}>
                          {item.message}
                        </Text>
                      </Table.Cell>
                      <Table.Cell data-label="Received" {...cardCell} whiteSpace={{ md: 'nowrap' }}>
                        <time dateTime={item.createdAt}>{receivedAt(item.createdAt, timeZone)}</time>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager
            page={state.page}
            pageSize={ENQUIRY_PAGE_SIZE}
            count={total}
            capped={capped}
            hasNext={items.length === ENQUIRY_PAGE_SIZE}
            label="Enquiry pages"
            onPage={state.setPage}
          />
        </>
      )}
    </Box>
  );
}
