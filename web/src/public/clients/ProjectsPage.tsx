import { ProjectsPageDocument, type ProjectsPageQuery } from '../../graphql/generated/graphql';
import { ListPage } from '../layout/ListPage';
import { FIRM_NAME } from '../firm';
import { ProjectCard } from './ProjectCard';

export function ProjectsPage() {
  return (
    <ListPage<ProjectsPageQuery, ProjectsPageQuery['clients'][number]>
      query={ProjectsPageDocument}
      items={(data) => data.clients}
      meta={{
        title: `Our Projects | ${FIRM_NAME}`,
        description: `Selected client projects delivered by ${FIRM_NAME} across our countries of presence.`,
      }}
      hero={{ title: 'Our Projects', subtitle: 'A selection of the engagements we have delivered for our clients.' }}
      texts={{ loading: 'Loading projects...', failed: 'Failed to load projects', empty: 'No projects to display yet.' }}
      renderItem={(project, { eager }) => <ProjectCard project={project} headingLevel="h2" eager={eager} />}
    />
  );
}
