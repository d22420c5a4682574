import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ArticlePageDocument, NewsPageDocument, ProjectPageDocument, ProjectsPageDocument } from '../../graphql/generated/graphql';
import { answering, failing, pending, renderPublic, type PublicMock } from '../../test/render';
import { newsItem, newsPreviewItem, project } from '../../test/fixtures';
import { axeViolations } from '../../test/axe-violations';
import { NewsPage } from './NewsPage';
import { ArticlePage } from './ArticlePage';
import { ProjectsPage } from '../clients/ProjectsPage';
import { ProjectPage } from '../clients/ProjectPage';
import { NewsPreviewSection } from '../landing/NewsPreviewSection';
import { ProjectsPreviewSection } from '../landing/ProjectsPreviewSection';

const CONTENT = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'We opened an office in Freedonia.' }] },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What comes next' }] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hiring' }] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Training' }] }] },
      ],
    },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'See the ' },
        { type: 'text', text: 'announcement', marks: [{ type: 'link', attrs: { href: 'https://press.example/office' } }] },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'image', attrs: { src: '/uploads/team-w1600.jpg', alt: 'The new team' } },
  ],
};

function article(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'News',
    id: 7,
    slug: 'office-opened-in-freedonia',
    title: 'Office opened in Freedonia',
    brief: 'We grew into a new country.',
    pictureUrl: '/uploads/office-w1600.jpg',
    altText: 'The new office',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-02-01T08:30:00.000Z',
    contentDocument: CONTENT,
    link: null,
    pageTitle: null,
    pageDescription: null,
    previous: { __typename: 'News', slug: 'older-news', title: 'Older news' },
    next: { __typename: 'News', slug: 'newer-news', title: 'Newer news' },
    ...overrides,
  };
}

function renderArticle(mocks: PublicMock[], path = '/news/office-opened-in-freedonia') {
  return renderPublic(
    <Routes>
      <Route path="/news/:slug" element={<ArticlePage />} />
      <Route path="/clients/:slug" element={<ProjectPage />} />
    </Routes>,
    { mocks, path },
  );
}

describe('article page', () => {
  it('shows the date, title, brief as the lead, the picture and the rich text', async () => {
    renderArticle([answering(ArticlePageDocument, { newsItemBySlug: article() })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Office opened in Freedonia' })).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2025').closest('time')).toHaveAttribute('datetime', '2025-01-05T10:00:00.000Z');
    expect(screen.getByText('We grew into a new country.')).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'The new office' });
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('We opened an office in Freedonia.').tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 2, name: 'What comes next' })).toBeInTheDocument();
    expect(screen.getByText('Hiring').closest('ul')).not.toBeNull();
    const link = screen.getByRole('link', { name: 'announcement (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://press.example/office');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('img', { name: 'The new team' })).toHaveAttribute('loading', 'lazy');
    // No external link: no "Read the original".
    expect(screen.queryByRole('link', { name: /Read the original/ })).toBeNull();
  });

  it('has plain share links to LinkedIn, X and email with the page address, previous and next articles and a way back', async () => {
    renderArticle([answering(ArticlePageDocument, { newsItemBySlug: article() })]);
    await screen.findByRole('heading', { level: 1 });
    const url = `${window.location.origin}/news/office-opened-in-freedonia`;
    const share = screen.getByRole('region', { name: 'Share this article' });
    const linkedIn = within(share).getByRole('link', { name: 'Share on LinkedIn (opens in a new tab)' });
    expect(linkedIn).toHaveAttribute('href', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const x = within(share).getByRole('link', { name: 'Share on X (opens in a new tab)' });
    expect(x).toHaveAttribute('href', `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent('Office opened in Freedonia')}`);
    const email = within(share).getByRole('link', { name: 'Share by email' });
    const mail = new URL(email.getAttribute('href')!);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe('Office opened in Freedonia');
    expect(mail.searchParams.get('body')).toBe(`We grew into a new country.\n\n${url}`);
    expect(share.querySelector('script, iframe')).toBeNull();

    const more = screen.getByRole('navigation', { name: 'More articles' });
    expect(within(more).getByRole('link', { name: 'Previous article: Older news' })).toHaveAttribute('href', '/news/older-news');
    expect(within(more).getByRole('link', { name: 'Next article: Newer news' })).toHaveAttribute('href', '/news/newer-news');
    const back = screen.getAllByRole('link', { name: 'Back to all news' });
    expect(back.length).toBeGreaterThan(0);
    for (const link of back) expect(link).toHaveAttribute('href', '/news');
  });

  it('links to the original in a new tab when the article has one, and leaves out missing neighbours', async () => {
    renderArticle([answering(ArticlePageDocument, { newsItemBySlug: article({ link: 'https://press.example/1', previous: null, next: null }) })]);
    const original = await screen.findByRole('link', { name: 'Read the original (opens in a new tab)' });
    expect(original).toHaveAttribute('href', 'https://press.example/1');
    expect(original).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('navigation', { name: 'More articles' })).toBeNull();
  });

  it('is the not-found page for an unknown slug, and for an address that cannot be a slug without asking', async () => {
    const unknown = renderArticle([answering(ArticlePageDocument, { newsItemBySlug: null })]);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    unknown.unmount();
    for (const path of ['/news/page', '/news/Not_A_Slug', `/news/${'a'.repeat(101)}`]) {
      const { unmount } = renderArticle([pending(ArticlePageDocument)], path);
      expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the loading and failure states', async () => {
    const { unmount } = renderArticle([pending(ArticlePageDocument)]);
    expect(screen.getByText('Loading article...')).toBeInTheDocument();
    unmount();
    renderArticle([failing(ArticlePageDocument)]);
    expect(await screen.findByText('Failed to load the article')).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    renderArticle([answering(ArticlePageDocument, { newsItemBySlug: article({ link: 'https://press.example/1' }) })]);
    await screen.findByRole('heading', { level: 1 });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('project page', () => {
  const projectItem = (overrides: Record<string, unknown> = {}) => ({
    __typename: 'Client',
    id: 3,
    slug: 'tax-reform',
    title: 'Tax reform',
    brief: 'A reform programme.',
    pictureUrl: 'https://cdn.example/tax.png',
    altText: null,
    country: 'Freedonia',
    updatedAt: '2025-02-01T08:30:00.000Z',
    storyDocument: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The story of the reform.' }] }] },
    pageTitle: null,
    pageDescription: null,
    previous: null,
    next: { __typename: 'Client', slug: 'customs', title: 'Customs modernisation' },
    ...overrides,
  });

  it('shows the country, title, brief, picture, story, share links and the next project', async () => {
    renderArticle([answering(ProjectPageDocument, { clientBySlug: projectItem() })], '/clients/tax-reform');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax reform' })).toBeInTheDocument();
    expect(screen.getByText('Freedonia')).toBeInTheDocument();
    expect(screen.getByText('A reform programme.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tax reform' })).toHaveAttribute('src', 'https://cdn.example/tax.png');
    expect(screen.getByText('The story of the reform.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Share this project' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next project: Customs modernisation' })).toHaveAttribute('href', '/clients/customs');
    expect(screen.queryByRole('link', { name: /Previous project/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Back to all projects' })[0]).toHaveAttribute('href', '/clients');
    expect(await axeViolations()).toEqual([]);
  });

  it('is the not-found page for an unknown slug', async () => {
    renderArticle([answering(ProjectPageDocument, { clientBySlug: null })], '/clients/gone');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('cards lead to the pages', () => {
  it('a news card without an external link leads to its page in the same tab; one with a link still opens it in a new tab', async () => {
    const news = [newsItem(1, { slug: 'news-1', link: 'https://news.example/1' }), newsItem(2, { slug: 'news-2', content: 'The full story.' })];
    renderPublic(<NewsPage />, { mocks: [answering(NewsPageDocument, { news, newsCount: 2 })], path: '/news' });
    const first = (await screen.findByRole('heading', { name: 'News 1' })).closest('article')!;
    expect(within(first).getByRole('link', { name: 'News 1' })).toHaveAttribute('href', 'https://news.example/1');
    expect(within(first).getByRole('link', { name: 'News 1' })).toHaveAttribute('target', '_blank');

    const second = screen.getByRole('heading', { name: 'News 2' }).closest('article')!;
    const link = within(second).getByRole('link', { name: 'News 2' });
    expect(link).toHaveAttribute('href', '/news/news-2');
    expect(link).not.toHaveAttribute('target');
    // The card's content stays: picture, date badge, brief and content.
    expect(within(second).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(within(second).getByText('Brief 2')).toBeInTheDocument();
    expect(within(second).getByText('The full story.')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'News 2' })).toBeInTheDocument();
  });

  it('a project card leads to the project page', async () => {
    renderPublic(<ProjectsPage />, { mocks: [answering(ProjectsPageDocument, { clients: [project(1, { slug: 'project-1' })], clientsCount: 1 })], path: '/clients' });
    const card = (await screen.findByRole('heading', { name: 'Project 1' })).closest('article')!;
    const link = within(card).getByRole('link', { name: 'Project 1' });
    expect(link).toHaveAttribute('href', '/clients/project-1');
    expect(link).not.toHaveAttribute('target');
  });

  it('the landing previews lead there too (an external link still opens in a new tab)', () => {
    renderPublic(
      <>
        <NewsPreviewSection preview={[newsPreviewItem(1, { slug: 'news-1' }), newsPreviewItem(2, { slug: 'news-2', link: 'https://news.example/2' })] as never} />
        <ProjectsPreviewSection preview={[project(1, { slug: 'project-1' })] as never} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'News 1' })).toHaveAttribute('href', '/news/news-1');
    expect(screen.getByRole('link', { name: 'News 2' })).toHaveAttribute('href', 'https://news.example/2');
    expect(screen.getByRole('link', { name: 'News 2' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Project 1' })).toHaveAttribute('href', '/clients/project-1');
  });
});
