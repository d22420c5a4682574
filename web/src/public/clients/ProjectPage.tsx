import { Badge, Container } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { socialImageOf } from '@consulting/model';
import { ProjectPageDocument, type ProjectPageQuery } from '../../graphql/generated/graphql';
import { ErrorState, LoadingState } from '../../components/PageStatus';
import { usePublicQuery } from '../page-data/public-data';
import { PageMeta } from '../page-meta';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { useSite } from '../site/use-site';
import { projectPath } from '../item-paths';
import { ItemPage, itemPageMeta, type ItemPageWords } from '../layout/ItemPage';
import { isItemSlug } from '../layout/item-slug';

const WORDS: ItemPageWords = { noun: 'project', back: { label: 'Back to all projects', to: '/clients' }, pathOf: projectPath };

type Project = NonNullable<ProjectPageQuery['clientBySlug']>;

/** /clients/<slug>: a project's own page (its case study); an unknown slug is the not-found page (404). */
export function ProjectPage() {
  const slug = useParams().slug ?? '';
  if (!isItemSlug(slug)) return <NotFoundPage />;
  return <ProjectBySlug slug={slug} />;
}

function ProjectBySlug({ slug }: { slug: string }) {
  const { data, loading, error } = usePublicQuery(ProjectPageDocument, { slug });
  const { firmName } = useSite();
  if (loading || error || !data) {
    return (
      <Container maxW="4xl">
        <PageMeta title={`Our Projects | ${firmName}`} description={`Selected client projects delivered by ${firmName} across our countries of presence.`} />
        {loading ? <LoadingState text="Loading project..." /> : <ErrorState title="Failed to load the project" text="Please try again later" />}
      </Container>
    );
  }
  const project = data.clientBySlug;
  if (!project) return <NotFoundPage />;
  return <ProjectView project={project} />;
}

export function ProjectView({ project }: { project: Project }) {
  const { firmName } = useSite();
  const item = { ...project, path: projectPath(project.slug), document: project.storyDocument };
  const meta = itemPageMeta(item, firmName, {
    article: { modifiedTime: project.updatedAt },
    structuredData: [
      {
        type: 'CreativeWork',
        item: {
          slug: project.slug,
          title: project.title,
          description: project.pageDescription || project.brief,
          pictureUrl: project.pictureUrl,
          socialImage: socialImageOf(project.pictureUrl),
          updatedAt: project.updatedAt,
          country: project.country,
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
        project.country && (
          <Badge bg="accent.100" color="accent.800" px="2.5" py="0.5" rounded="full" fontSize="xs">
            {project.country}
          </Badge>
        )
      }
    />
  );
}
