import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { NewsPageDocument, ProjectsPageDocument, TeamPageDocument } from '../graphql/generated/graphql';
import { answering, renderPublic } from '../test/render';
import { newsItem, project, teamMember } from '../test/fixtures';
import { NewsPage } from './news/NewsPage';
import { ProjectsPage } from './clients/ProjectsPage';
import { TeamPage } from './team/TeamPage';

// A picture's alt text, when staff wrote one, is the image's text alternative on the public pages.

describe('alt text of public pictures', () => {
  it('describes a team member portrait', async () => {
    const members = [teamMember(1, { altText: 'Layla smiling in the Muscat office' })];
    renderPublic(<TeamPage />, { mocks: [answering(TeamPageDocument, { teamMembers: members })] });
    expect(await screen.findByRole('img', { name: 'Layla smiling in the Muscat office' })).toHaveAttribute('src', '/uploads/team-1.png');
  });

  it('describes a news picture', async () => {
    renderPublic(<NewsPage />, { mocks: [answering(NewsPageDocument, { news: [newsItem(1, { altText: 'Ribbon cutting at the new branch' })] })] });
    expect(await screen.findByRole('img', { name: 'Ribbon cutting at the new branch' })).toHaveAttribute('src', '/uploads/news-1.png');
  });

  it('describes a project picture', async () => {
    renderPublic(<ProjectsPage />, { mocks: [answering(ProjectsPageDocument, { clients: [project(1, { altText: 'Container cranes at dusk' })] })] });
    expect(await screen.findByRole('img', { name: 'Container cranes at dusk' })).toHaveAttribute('src', '/uploads/client-1.png');
  });
});
