import { useQuery } from '@apollo/client/react';
import { Container } from '@chakra-ui/react';
import { NewsPageDocument } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { EmptyState, ErrorState, LoadingState } from '../../components/PageStatus';
import { PageHero } from '../layout/PageHero';
import { PageMeta } from '../page-meta';
import { FIRM_NAME } from '../firm';
import { NewsCard } from './NewsCard';

export function NewsPage() {
  const { data, loading, error } = useQuery(NewsPageDocument);
  return (
    <>
      <PageMeta
        title={`Our News | ${FIRM_NAME}`}
        description={`The latest news, insights and achievements from ${FIRM_NAME}.`}
      />
      <PageHero title="Our News" subtitle="Stay up to date with our latest news, insights and achievements." />
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        {loading ? (
          <LoadingState text="Loading news..." />
        ) : error || !data ? (
          <ErrorState title="Failed to load news" text="Please try again later" />
        ) : data.news.length === 0 ? (
          <EmptyState text="No news to display yet." />
        ) : (
          <ContentGrid>
            {data.news.map((item) => (
              <NewsCard key={item.id} news={item} />
            ))}
          </ContentGrid>
        )}
      </Container>
    </>
  );
}
