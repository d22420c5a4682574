import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { NewsPageDocument, ProjectsPageDocument, TeamPageDocument } from '../graphql/generated/graphql';
import { answering, failing, pending, renderPublic } from '../test/render';
import { newsItem, project, teamMember } from '../test/fixtures';
import { NewsPage } from './news/NewsPage';
import { ProjectsPage } from './clients/ProjectsPage';
import { TeamPage } from './team/TeamPage';
import { NotFoundPage } from './not-found/NotFoundPage';

describe('team page', () => {
  it('shows the loading text while loading', () => {
    renderPublic(<TeamPage />, { mocks: [pending(TeamPageDocument)] });
    expect(screen.getByText('Loading team members...')).toBeInTheDocument();
  });

  it('shows the failure texts when loading fails', async () => {
    renderPublic(<TeamPage />, { mocks: [failing(TeamPageDocument)] });
    expect(await screen.findByText('Failed to load team members')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('shows the empty text without team members', async () => {
    renderPublic(<TeamPage />, { mocks: [answering(TeamPageDocument, { teamMembers: [] })] });
    expect(await screen.findByText('No team members to display yet.')).toBeInTheDocument();
  });

  it('shows every team member with picture, name, position and brief', async () => {
    const members = [teamMember(1, { brief: 'Twenty years of advice.' }), teamMember(2)];
    renderPublic(<TeamPage />, { mocks: [answering(TeamPageDocument, { teamMembers: members })] });
    expect(await screen.findByRole('heading', { name: 'Member 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Member 2' })).toBeInTheDocument();
    expect(screen.getByText('Position 1')).toBeInTheDocument();
    expect(screen.getByText('Twenty years of advice.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Member 1' })).toHaveAttribute('src', '/uploads/team-1.png');
  });
});

describe('news page', () => {
  it("has the heading 'Our News' and shows the loading text while loading", () => {
    renderPublic(<NewsPage />, { mocks: [pending(NewsPageDocument)] });
    expect(screen.getByRole('heading', { level: 1, name: 'Our News' })).toBeInTheDocument();
    expect(screen.getByText(/latest news, insights and achievements/)).toBeInTheDocument();
    expect(screen.getByText('Loading news...')).toBeInTheDocument();
  });

  it('shows the failure texts when loading fails', async () => {
    renderPublic(<NewsPage />, { mocks: [failing(NewsPageDocument)] });
    expect(await screen.findByText('Failed to load news')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('shows the empty text without news', async () => {
    renderPublic(<NewsPage />, { mocks: [answering(NewsPageDocument, { news: [] })] });
    expect(await screen.findByText('No news to display yet.')).toBeInTheDocument();
  });

  it('shows picture, date badge, title, brief and content; a card with a link opens it in a new tab', async () => {
    const news = [
      newsItem(1, { content: 'The full story.', link: 'https://news.example/1' }),
      newsItem(2, { createdAt: null }),
    ];
    renderPublic(<NewsPage />, { mocks: [answering(NewsPageDocument, { news })] });
    const first = (await screen.findByRole('heading', { name: 'News 1' })).closest('article')!;
    expect(within(first).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(within(first).getByText('Brief 1')).toBeInTheDocument();
    expect(within(first).getByText('The full story.')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'News 1' })).toHaveAttribute('src', '/uploads/news-1.png');
    const link = within(first).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://news.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const second = screen.getByRole('heading', { name: 'News 2' }).closest('article')!;
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).queryByText(/\d{4}$/)).toBeNull();
  });
});

describe('projects page', () => {
  it("has the heading 'Our Projects' and shows the loading text while loading", () => {
    renderPublic(<ProjectsPage />, { mocks: [pending(ProjectsPageDocument)] });
    expect(screen.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeInTheDocument();
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
  });

  it('shows the failure texts when loading fails', async () => {
    renderPublic(<ProjectsPage />, { mocks: [failing(ProjectsPageDocument)] });
    expect(await screen.findByText('Failed to load projects')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('shows the empty text without projects', async () => {
    renderPublic(<ProjectsPage />, { mocks: [answering(ProjectsPageDocument, { clients: [] })] });
    expect(await screen.findByText('No projects to display yet.')).toBeInTheDocument();
  });

  it('shows picture, title, the country badge and brief only when present', async () => {
    const clients = [project(1, { country: 'Freedonia', brief: 'A reform programme.' }), project(2)];
    renderPublic(<ProjectsPage />, { mocks: [answering(ProjectsPageDocument, { clients })] });
    const first = (await screen.findByRole('heading', { name: 'Project 1' })).closest('article')!;
    expect(within(first).getByText('Freedonia')).toBeInTheDocument();
    expect(within(first).getByText('A reform programme.')).toBeInTheDocument();
    const second = screen.getByRole('heading', { name: 'Project 2' }).closest('article')!;
    expect(within(second).getAllByText(/./).map((el) => el.textContent)).toEqual(['Project 2']);
  });
});

describe('not-found page', () => {
  it('shows the 404 title and hint', () => {
    renderPublic(<NotFoundPage />, { path: '/nope' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});
