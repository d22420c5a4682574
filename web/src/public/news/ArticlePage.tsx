import { Box, Button, Container, Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { ArticlePageDocument, type ArticlePageQuery } from '../../graphql/generated/graphql';
import { socialImageOf } from '@consulting/model';
import { ErrorState, LoadingState } from '../../components/PageStatus';
import { NEW_TAB, NewTabHint } from '../../components/ExternalLink';
import { usePublicQuery } from '../page-data/public-data';
import { PageMeta } from '../page-meta';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useSite } from '../site/use-site';
import { articlePath } from '../item-paths';
import { ItemPage, itemPageMeta, type ItemPageWords } from '../layout/ItemPage';
import { isItemSlug } from '../layout/item-slug';
import { formatNewsDate, newsFeed } from './news-rules';

const WORDS: ItemPageWords = { noun: 'article', back: { label: 'Back to all news', to: '/news' }, pathOf: articlePath };

type Article = NonNullable<ArticlePageQuery['newsItemBySlug']>;

/** /news/<slug>: a news article's own page; an unknown slug is the not-found page (404). */
export function ArticlePage() {
  const slug = useParams().slug ?? '';
  if (!isItemSlug(slug)) return <NotFoundPage />;
  return <ArticleBySlug slug={slug} />;
}

function ArticleBySlug({ slug }: { slug: string }) {
  const { data, loading, error } = usePublicQuery(ArticlePageDocument, { slug });
  const { firmName } = useSite();
  if (loading || error || !data) {
    return (
      <Container maxW="4xl">
        <PageMeta title={`Our News | ${firmName}`} description={`The latest news, insights and achievements from ${firmName}.`} feeds={[newsFeed(firmName)]} />
        {loading ? <LoadingState text="Loading article..." /> : <ErrorState title="Failed to load the article" text="Please try again later" />}
      </Container>
    );
  }
  const article = data.newsItemBySlug;
  if (!article) return <NotFoundPage />;
  return <ArticleView article={article} />;
}

export function ArticleView({ article }: { article: Article }) {
  const site = useSite();
  const item = { ...article, path: articlePath(article.slug), document: article.contentDocument };
  const date = formatNewsDate(article.createdAt, site);
  const meta = itemPageMeta(item, site.firmName, {
    article: { publishedTime: article.createdAt, modifiedTime: article.updatedAt },
    feeds: [newsFeed(site.firmName)],
    structuredData: [
      {
        type: 'NewsArticle',
        item: {
          slug: article.slug,
          title: article.title,
          description: article.pageDescription || article.brief,
          pictureUrl: article.pictureUrl,
          socialImage: socialImageOf(article.pictureUrl),
          createdAt: article.createdAt,
          updatedAt: article.updatedAt,
        },
      },
    ],
  });
  return (
    <ItemPage
      item={item}
      meta={meta}
      words={WORDS}
      eyebrow={
        date && (
          <Text fontSize="sm" fontWeight="semibold" color="accent.700" textTransform="uppercase" letterSpacing="0.06em">
            <time dateTime={article.createdAt}>{date}</time>
          </Text>
        )
      }
      after={
        article.link && (
          <Box mt={{ base: '8', md: '10' }}>
            <Button asChild colorPalette="brand" variant="outline">
              <a href={article.link} {...NEW_TAB}>
                Read the original
                <NewTabHint />
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          </Box>
        )
      }
    />
  );
}
