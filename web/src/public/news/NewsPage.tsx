import { NewsPageDocument, type NewsPageQuery } from '../../graphql/generated/graphql';
import { ListPage } from '../layout/ListPage';
import { FIRM_NAME } from '../firm';
import { newsArticlesData } from '../seo/structured-data';
import { NewsCard } from './NewsCard';

export function NewsPage() {
  return (
    <ListPage<NewsPageQuery, NewsPageQuery['news'][number]>
      query={NewsPageDocument}
      items={(data) => data.news}
      meta={{ title: `Our News | ${FIRM_NAME}`, description: `The latest news, insights and achievements from ${FIRM_NAME}.` }}
      hero={{ title: 'Our News', subtitle: 'Stay up to date with our latest news, insights and achievements.' }}
      texts={{ loading: 'Loading news...', failed: 'Failed to load news', empty: 'No news to display yet.' }}
      renderItem={(item, { eager }) => <NewsCard news={item} headingLevel="h2" eager={eager} />}
      structuredData={newsArticlesData}
    />
  );
}
