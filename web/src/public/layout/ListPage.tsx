import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Container, SimpleGrid } from '@chakra-ui/react';
import { ContentGrid } from '../../components/ContentGrid';
import { EmptyState, ErrorState, LoadingState } from '../../components/PageStatus';
import { PageMeta, type StructuredData } from '../page-meta';
import { PageHero } from './PageHero';
import { usePublicQuery } from '../page-data/public-data';

/** The grid of a list page: content cards (1/2/3 per row, as the spec says) or portraits (2/3/4). */
export type ListGrid = 'cards' | 'portraits';

/** How many items the widest row shows: their pictures are above the fold and load at once. */
const FIRST_ROW: Record<ListGrid, number> = { cards: 3, portraits: 4 };

export interface ListPageProps<TData, TItem extends { id: number | string }> {
  query: TypedDocumentNode<TData, Record<string, never>>;
  items: (data: TData) => TItem[];
  meta: { title: string; description: string };
  hero: { title: string; subtitle: string };
  /** The spec's texts for the page's states. */
  texts: { loading: string; failed: string; empty: string };
  grid?: ListGrid;
  renderItem: (item: TItem, options: { eager: boolean }) => ReactNode;
  structuredData?: (origin: string, items: TItem[]) => StructuredData[];
}

/** A public list page (team, news, projects): hero band, then loading, failure, empty or the grid. */
export function ListPage<TData, TItem extends { id: number | string }>(props: ListPageProps<TData, TItem>) {
  const { query, items, meta, hero, texts, grid = 'cards', renderItem, structuredData } = props;
  const { data, loading, error } = usePublicQuery(query);
  const list = data && !error ? items(data as TData) : [];
  const Grid = grid === 'cards' ? ContentGrid : PortraitGrid;
  return (
    <>
      <PageMeta
        title={meta.title}
        description={meta.description}
        structuredData={structuredData && list.length > 0 ? (origin) => structuredData(origin, list) : undefined}
      />
      <PageHero title={hero.title} subtitle={hero.subtitle} />
      <Container maxW="6xl" py={{ base: '8', md: '16' }}>
        {loading ? (
          <LoadingState text={texts.loading} />
        ) : error || !data ? (
          <ErrorState title={texts.failed} text="Please try again later" />
        ) : list.length === 0 ? (
          <EmptyState text={texts.empty} />
        ) : (
          <Grid as="ul" listStyleType="none">
            {list.map((item, index) => (
              <li key={item.id}>{renderItem(item, { eager: index < FIRST_ROW[grid] })}</li>
            ))}
          </Grid>
        )}
      </Container>
    </>
  );
}

function PortraitGrid(props: React.ComponentProps<typeof SimpleGrid>) {
  return <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '4', md: '6' }} {...props} />;
}
