import { Badge, Box, Heading, Text } from '@chakra-ui/react';
import type { NewsCardFragment } from '../../graphql/generated/graphql';
import { CardImage, CARD_IMAGE_SIZES } from '../../components/CardImage';
import { CardTitleLink, ContentCard } from '../../components/ContentCard';
import { cardLayoutProps, COMPACT_THUMB_SIZES, type CardLayout } from '../../components/card-layout';
import { articlePath } from '../item-paths';
import { useSite } from '../site/use-site';
import { formatNewsDate } from './news-rules';

/**
 * A news card; the landing preview passes items without their text (NewsPreviewCard). An item
 * without a slug (none is published so) has no page to lead to.
 */
type CardNews = Omit<NewsCardFragment, 'content' | 'slug'> & { content?: string | null; slug?: string | null };

interface NewsCardProps {
  news: CardNews;
  showContent?: boolean;
  /** h2 on the news page (under its h1), h3 in the landing section (under its h2). */
  headingLevel?: 'h2' | 'h3';
  layout?: CardLayout;
  eager?: boolean;
}

export function NewsCard({ news, showContent = true, headingLevel = 'h3', layout = 'stacked', eager }: NewsCardProps) {
  const date = formatNewsDate(news.createdAt, useSite());
  const look = cardLayoutProps(layout);
  // An external link opens in a new tab (the spec); without one, the card leads to the article's page.
  const page = !news.link && news.slug ? articlePath(news.slug) : undefined;
  return (
    <ContentCard linked={Boolean(news.link || page)} {...look.card}>
      <Box position="relative" {...look.picture}>
        <CardImage
          src={news.pictureUrl}
          alt={news.altText || news.title}
          ratio={look.ratio}
          fillHeight={look.fillHeight}
          sizes={layout === 'compact' ? COMPACT_THUMB_SIZES : CARD_IMAGE_SIZES}
          eager={eager}
        />
        {date && layout === 'stacked' && (
          <Badge
            position="absolute"
            top="3"
            left="3"
            bg="brand.900"
            color="white"
            px="2.5"
            py="1"
            rounded="md"
            fontSize="xs"
            fontWeight="semibold"
          >
            <time dateTime={news.createdAt}>{date}</time>
          </Badge>
        )}
      </Box>
      <Box display="flex" flexDirection="column" flex="1" minW="0" {...look.body}>
        {date && layout === 'compact' && (
          <Text fontSize="xs" fontWeight="semibold" color="accent.700">
            <time dateTime={news.createdAt}>{date}</time>
          </Text>
        )}
        <Heading as={headingLevel} fontFamily="heading" lineHeight="1.3" color="brand.900" {...look.title}>
          {news.link ? (
            <CardTitleLink href={news.link}>{news.title}</CardTitleLink>
          ) : page ? (
            <CardTitleLink to={page}>{news.title}</CardTitleLink>
          ) : (
            news.title
          )}
        </Heading>
        <Text color="gray.700" fontSize={{ base: layout === 'compact' ? 'sm' : 'md', md: 'md' }} lineClamp={layout === 'compact' ? { base: 2, md: 'none' } : undefined}>
          {news.brief}
        </Text>
        {showContent && news.content && (
          <Text color="gray.600" fontSize="sm" whiteSpace="pre-line">
            {news.content}
          </Text>
        )}
        {(news.link || page) && (
          <Text mt="auto" pt="2" fontSize="sm" fontWeight="semibold" color="brand.700" aria-hidden="true" hideBelow={layout === 'compact' ? 'md' : undefined}>
            Read more →
          </Text>
        )}
      </Box>
    </ContentCard>
  );
}
