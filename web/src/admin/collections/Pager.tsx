import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const number = (n: number) => n.toLocaleString('en-US');

/** "1–50 of 10,001" with Previous / Next and the page number, under a collection table. */
export function Pager({
  page,
  pageSize,
  count,
  label,
  capped = false,
  hasNext = false,
  onPage,
}: {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows matching the search and filter. */
  count: number;
  /** What the rows are, for the navigation's name ('News pages'). */
  label: string;
  /** The count is a lower bound (a search's count stops at SEARCH_COUNT_LIMIT): '1,000+', and Next while pages are full. */
  capped?: boolean;
  /** With a capped count: this page is full, so a next one may exist. */
  hasNext?: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = capped ? page * pageSize : Math.min(count, page * pageSize);
  const of = capped ? `${number(count - 1)}+` : number(count);
  const pagesOf = capped ? `${number(Math.max(pages, page))}+` : number(pages);
  return (
    <Flex as="nav" aria-label={label} mt="3" gap="3" wrap="wrap" align="center" justify="space-between">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {number(first)}–{number(last)} of {of}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft /> Previous
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">
          Page {number(page)} of {pagesOf}
        </Text>
        <Button size="sm" variant="outline" disabled={capped ? !hasNext : page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight />
        </Button>
      </HStack>
    </Flex>
  );
}
