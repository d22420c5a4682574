import { useParams } from 'react-router';
import { ProjectsPageDocument, type ProjectsPageQuery } from '../../graphql/generated/graphql';
import { ListPage } from '../layout/ListPage';
import { pageNumberOf } from '../layout/list-paging';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useSite } from '../site/use-site';
import { ProjectCard } from './ProjectCard';

/** /clients (page 1) and /clients/page/2, /clients/page/3, ... */
export function ProjectsPage() {
  const page = pageNumberOf(useParams().page);
  const { firmName } = useSite();
  if (page === null) return <NotFoundPage />;
  return (
    <ListPage<ProjectsPageQuery, ProjectsPageQuery['clients'][number]>
      query={ProjectsPageDocument}
      paging={{ basePath: '/clients', page, total: (data) => data.clientsCount }}
      items={(data) => data.clients}
      meta={{
        title: `Our Projects | ${firmName}`,
        description: `Selected client projects delivered by ${firmName} across our countries of presence.`,
      }}
      hero={{ title: 'Our Projects', subtitle: 'A selection of the engagements we have delivered for our clients.' }}
      texts={{ loading: 'Loading projects...', failed: 'Failed to load projects', empty: 'No projects to display yet.' }}
      renderItem={(project, { eager }) => <ProjectCard project={project} headingLevel="h2" eager={eager} />}
    />
  );
}
