import { HStack, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { MAX_SEARCH, type FeaturedFilter, type ListState } from './list-state';

/** Above a collection's table: the search box, the featured filter (types with the flag) and a status line. */
export function ListToolbar({
  noun,
  filterId,
  state,
  featuredFilter,
  status,
}: {
  /** What the rows are, lower case ('news'): 'Search news'. */
  noun: string;
  /** The filter select's id. */
  filterId: string;
  state: ListState;
  featuredFilter: boolean;
  /** How many rows are shown, or how to reorder them (announced as it changes). */
  status: string;
}) {
  return (
    <HStack mb="3" gap="3" wrap="wrap">
      <InputGroup startElement={<Search size="16" />} maxW={{ md: 'sm' }} flex="1" minW="48">
        <Input
          type="search"
          placeholder={`Search ${noun}`}
          aria-label={`Search ${noun}`}
          value={state.draft}
          maxLength={MAX_SEARCH}
          onChange={(event) => state.setDraft(event.target.value)}
          bg="bg"
        />
      </InputGroup>
      {featuredFilter && (
        <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
          <Text asChild fontSize="sm" color="fg.muted" flexShrink={0}>
            <label htmlFor={filterId}>Show</label>
          </Text>
          <NativeSelect.Root w={{ base: 'full', sm: '40' }}>
            <NativeSelect.Field id={filterId} value={state.featured} onChange={(event) => state.setFeatured(event.target.value as FeaturedFilter)} bg="bg">
              <option value="all">All</option>
              <option value="featured">Featured</option>
              <option value="not-featured">Not featured</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      )}
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {status}
      </Text>
    </HStack>
  );
}
