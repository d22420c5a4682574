import { useParams } from 'react-router';
import { NewsPageDocument, type NewsPageQuery } from '../../graphql/generated/graphql';
import { ListPage } from '../layout/ListPage';
import { pageNumberOf } from '../layout/list-paging';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useSite } from '../site/use-site';
import { NewsCard } from './NewsCard';
import { newsFeed } from './news-rules';

/** /news (page 1) and /news/page/2, /news/page/3, ... */
export function NewsPage() {
  const page = pageNumberOf(useParams().page);
  const { firmName } = useSite();
  if (page === null) return <NotFoundPage />;
  return (
    <ListPage<NewsPageQuery, NewsPageQuery['news'][number]>
      query={NewsPageDocument}
      paging={{ basePath: '/news', page, total: (data) => data.newsCount }}
      items={(data) => data.news}
      meta={{ title: `Our News | ${firmName}`, description: `The latest news, insights and achievements from ${firmName}.`, feeds: [newsFeed(firmName)] }}
      hero={{ title: 'Our News', subtitle: 'Stay up to date with our latest news, insights and achievements.' }}
      texts={{ loading: 'Loading news...', failed: 'Failed to load news', empty: 'No news to display yet.' }}
      renderItem={(item, { eager }) => <NewsCard news={item} headingLevel="h2" eager={eager} />}
      structuredData={(items) => [{ type: 'NewsArticles', items }]}
    />
  );
}
