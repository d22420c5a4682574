import { Container } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { SimplePageDocument, type SimplePageQuery } from '../../graphql/generated/graphql';
import { RichText } from '../../components/RichText';
import { ErrorState, LoadingState } from '../../components/PageStatus';
import { usePublicQuery } from '../page-data/public-data';
import { PageMeta } from '../page-meta';
import { PageHero } from '../layout/PageHero';
import { isItemSlug } from '../layout/item-slug';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { formatDay } from '../site/dates';
import { useSite } from '../site/use-site';

type Page = NonNullable<SimplePageQuery['pageBySlug']>;

/**
 * /<slug>: one of the firm's own pages (a privacy policy, an imprint, an accessibility statement):
 * its title, when it last changed and its text. An unknown slug is the not-found page (404; the
 * server knows the slugs and answers 404 before rendering).
 */
export function SimplePage() {
  const slug = useParams().slug ?? '';
  if (!isItemSlug(slug)) return <NotFoundPage />;
  return <SimplePageBySlug slug={slug} />;
}

function SimplePageBySlug({ slug }: { slug: string }) {
  const { data, loading, error } = usePublicQuery(SimplePageDocument, { slug });
  const { firmName, description } = useSite();
  if (loading || error || !data) {
    return (
      <Container maxW="4xl">
        <PageMeta title={firmName} description={description} />
        {loading ? <LoadingState text="Loading page..." /> : <ErrorState title="Failed to load the page" text="Please try again later" />}
      </Container>
    );
  }
  if (!data.pageBySlug) return <NotFoundPage />;
  return <SimplePageView page={data.pageBySlug} />;
}

export function SimplePageView({ page }: { page: Page }) {
  const site = useSite();
  const updated = formatDay(page.updatedAt, site, 'long');
  return (
    <>
      <PageMeta title={`${page.title} | ${site.firmName}`} description={page.description} />
      <PageHero
        title={page.title}
        subtitle={
          updated && (
            <>
              Last updated <time dateTime={page.updatedAt}>{updated}</time>
            </>
          )
        }
      />
      {/* The text starts under the title (the prose keeps its own line length). */}
      <Container maxW="6xl" py={{ base: '8', md: '14' }}>
        <RichText doc={page.bodyDocument} />
      </Container>
    </>
  );
}
