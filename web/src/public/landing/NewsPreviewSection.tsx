import { Box, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { NewsPreviewCardFragment } from '../../graphql/generated/graphql';
import { ContentGrid } from '../../components/ContentGrid';
import { PREVIEW_COLUMNS } from '../../components/card-layout';
import { SectionHeading } from '../../components/SectionHeading';
import { EmptyState } from '../../components/PageStatus';
import { NewsCard } from '../news/NewsCard';
import { LandingSection } from './LandingSection';

/** `preview`: the items the server chose for the landing page (featured first, at most 3). */
export function NewsPreviewSection({ preview }: { preview: NewsPreviewCardFragment[] }) {
  return (
    <LandingSection id="news">
      <SectionHeading id="news-heading" eyebrow="Insights" title="News" subtitle="Our latest news, insights and achievements." />
      {preview.length === 0 ? (
        <EmptyState text="No news to display yet." />
      ) : (
        <ContentGrid as="ul" listStyleType="none" columns={PREVIEW_COLUMNS} gap={{ base: '4', md: '6', lg: '8' }}>
          {preview.map((item) => (
            <li key={item.id}>
              <NewsCard news={item} showContent={false} layout="compact" />
            </li>
          ))}
        </ContentGrid>
      )}
      {preview.length > 0 && (
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
