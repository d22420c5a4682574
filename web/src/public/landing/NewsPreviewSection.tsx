import { Box, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { NewsCardFragment } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { SectionHeading } from '../../components/SectionHeading';
import { EmptyState } from '../../components/PageStatus';
import { NewsCard } from '../news/NewsCard';
import { selectNewsPreview } from '../news/news-rules';
import { LandingSection } from './LandingSection';

export function NewsPreviewSection({ news }: { news: NewsCardFragment[] }) {
  const preview = selectNewsPreview(news);
  return (
    <LandingSection id="news">
      <SectionHeading id="news-heading" eyebrow="Insights" title="News" subtitle="Our latest news, insights and achievements." />
      {preview.length === 0 ? (
        <EmptyState text="No news to display yet." />
      ) : (
        <ContentGrid as="ul" listStyleType="none" gap={{ base: '4', md: '8' }}>
          {preview.map((item) => (
            <li key={item.id}>
              <NewsCard news={item} showContent={false} layout="compact" />
            </li>
          ))}
        </ContentGrid>
      )}
      {news.length > 0 && (
        <Box textAlign="center" mt={{ base: '8', md: '12' }}>
          <Button asChild colorPalette="brand" variant="outline" size="lg">
            <RouterLink to="/news">
              View All News <ArrowRight aria-hidden="true" />
            </RouterLink>
          </Button>
        </Box>
      )}
    </LandingSection>
  );
}
