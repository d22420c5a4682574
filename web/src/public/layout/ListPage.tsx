import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Container, SimpleGrid, Text } from '@chakra-ui/react';
import { ContentGrid } from '../../components/ContentGrid';
import { EmptyState, ErrorState, LoadingState } from '../../components/PageStatus';
import { PageMeta } from '../page-meta';
import type { StructuredDataSpec } from '../seo/structured-data';
import { PageHero } from './PageHero';
import { usePublicQuery } from '../page-data/public-data';
import { useSite } from '../site/use-site';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { listPagePath, pageCountOf, pageVariables } from './list-paging';
import { Pager } from './Pager';

/** The grid of a list page: content cards (1/2/3 per row) or portraits (2/3/4). */
export type ListGrid = 'cards' | 'portraits';

/** How many items the widest row shows: their pictures are above the fold and load at once. */
const FIRST_ROW: Record<ListGrid, number> = { cards: 3, portraits: 4 };

/**
 * A list shown in pages (news, projects): `page` of the list at `basePath`, its query asked with
 * that page's limit and offset, `total` its whole length (from the same answer).
 */
export interface ListPaging<TData> {
  basePath: string;
  page: number;
  total: (data: TData) => number | null | undefined;
}

export interface ListPageProps<TData, TItem extends { id: number | string }> {
  query: TypedDocumentNode<TData, Record<string, never>> | TypedDocumentNode<TData, { limit: number; offset: number }>;
  /** Absent: the whole list on one page (team). */
  paging?: ListPaging<TData>;
  items: (data: TData) => TItem[];
  /** The page's title and description; `feeds`: Atom feeds of the list (autodiscovery). */
  meta: { title: string; description: string; feeds?: { title: string; href: string }[] };
  hero: { title: string; subtitle: string };
  /** The texts of the page's states. */
  texts: { loading: string; failed: string; empty: string };
  grid?: ListGrid;
  renderItem: (item: TItem, options: { eager: boolean }) => ReactNode;
  /** What the page describes in JSON-LD (the server renderer makes it), given the shown items. */
  structuredData?: (items: TItem[]) => StructuredDataSpec[];
}

/**
 * A public list page (team, news, projects): hero band, then loading, failure, empty or the grid;
 * a paged list also its pager, and its pages after the first say their number in title and
 * description. With everything on one page it is exactly the unpaged page.
 */
export function ListPage<TData, TItem extends { id: number | string }>(props: ListPageProps<TData, TItem>) {
  const { query, paging, items, meta, hero, texts, grid = 'cards', renderItem, structuredData } = props;
  const page = paging?.page ?? 1;
  const { firmName } = useSite();
  const { data, loading, error } = usePublicQuery(query as TypedDocumentNode<TData, { limit: number; offset: number }>, paging ? pageVariables(page) : undefined);
  const answered = data && !error ? (data as TData) : undefined;
  const list = answered ? items(answered) : [];
  const last = paging && answered ? pageCountOf(paging.total(answered) ?? list.length) : 1;
  // A page past the last (the list shrank since the link was made): the one not-found page.
  if (paging && answered && page > last) return <NotFoundPage />;
  const Grid = grid === 'cards' ? ContentGrid : PortraitGrid;
  const numbered = page > 1 ? { title: `${hero.title} — page ${page} of ${last} | ${firmName}`, description: `${meta.description} Page ${page} of ${last}.` } : meta;
  return (
    <>
      <PageMeta
        title={numbered.title}
        description={numbered.description}
        feeds={meta.feeds}
        prev={paging && page > 1 ? listPagePath(paging.basePath, page - 1) : undefined}
        next={paging && page < last ? listPagePath(paging.basePath, page + 1) : undefined}
        structuredData={structuredData && list.length > 0 ? structuredData(list) : undefined}
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
          <>
            {/* A page after the first says so before its cards (a visitor may arrive on it from a search). */}
            {page > 1 && (
              <Text mb={{ base: '6', md: '8' }} color="gray.700" fontWeight="semibold">
                Page {page} of {last}
              </Text>
            )}
            <Grid as="ul" listStyleType="none">
              {list.map((item, index) => (
                <li key={item.id}>{renderItem(item, { eager: index < FIRST_ROW[grid] })}</li>
              ))}
            </Grid>
          </>
        )}
        {paging && list.length > 0 && <Pager basePath={paging.basePath} page={page} last={last} />}
      </Container>
    </>
  );
}

function PortraitGrid(props: React.ComponentProps<typeof SimpleGrid>) {
  return <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '4', md: '6' }} {...props} />;
}
