import { useId } from 'react';
import { Badge, Box, Heading, Text } from '@chakra-ui/react';
import type { NewsCardFragment } from '../../graphql/generated/graphql';
import { CardImage } from '../../components/CardImage';
import { LinkCard } from '../../components/LinkCard';
import { formatNewsDate } from './news-rules';

/** A news card; the landing preview passes items without their text (NewsPreviewCard). */
type CardNews = Omit<NewsCardFragment, 'content'> & { content?: string | null };

export function NewsCard({ news, showContent = true }: { news: CardNews; showContent?: boolean }) {
  const date = formatNewsDate(news.createdAt);
  const titleId = useId();
  return (
    <LinkCard href={news.link} labelledBy={titleId}>
      <Box position="relative">
        <CardImage src={news.pictureUrl} alt={news.altText || news.title} />
        {date && (
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
      <Box p="6" display="flex" flexDirection="column" gap="3" flex="1">
        <Heading id={titleId} as="h3" fontSize="xl" fontFamily="heading" lineHeight="1.3" color="brand.900">
          {news.title}
        </Heading>
        <Text color="gray.700">{news.brief}</Text>
        {showContent && news.content && (
          <Text color="gray.600" fontSize="sm" whiteSpace="pre-line">
            {news.content}
          </Text>
        )}
        {news.link && (
          <Text mt="auto" pt="2" fontSize="sm" fontWeight="semibold" color="brand.700">
            Read more <span aria-hidden="true">→</span>
          </Text>
        )}
      </Box>
    </LinkCard>
  );
}
