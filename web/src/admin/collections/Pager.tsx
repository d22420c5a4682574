import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const number = (n: number) => n.toLocaleString('en-US');

/** "1–50 of 10,001" with Previous / Next and the page number, under a collection table. */
export function Pager({
  page,
  pageSize,
  count,
  label,
  onPage,
}: {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows matching the search and filter. */
  count: number;
  /** What the rows are, for the navigation's name ('News pages'). */
  label: string;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  const first = Math.min(count, (page - 1) * pageSize + 1);
  const last = Math.min(count, page * pageSize);
  return (
    <Flex as="nav" aria-label={label} mt="3" gap="3" wrap="wrap" align="center" justify="space-between">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {number(first)}–{number(last)} of {number(count)}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft /> Previous
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">
          Page {number(page)} of {number(pages)}
        </Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight />
        </Button>
      </HStack>
    </Flex>
  );
}
