import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { renderPublic } from '../../test/render';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { navTargets } from './nav-targets';

function Where() {
  const { pathname, hash } = useLocation();
  return <output aria-label="location">{pathname + hash}</output>;
}

function renderHeader(path: string, extra?: React.ReactNode) {
  return renderPublic(
    <>
      <SiteHeader />
      <main>
        <p>Page content</p>
        {extra}
      </main>
      <Where />
    </>,
    { path },
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.getByRole('navigation', { name: 'Mobile' });
};

describe('header navigation', () => {
  it('links each section as /#section from another page', () => {
    expect(navTargets('/team').map((t) => [t.label, t.href])).toEqual([
      ['Home', '/'],
      ['Who We Are', '/#who-we-are'],
      ['Services', '/#services'],
      ['Statistics', '/#statistics'],
      ['Presence', '/#presence'],
      ['Companies', '/#brands'],
      ['Team', '/team'],
      ['News', '/#news'],
      ['Projects', '/#clients'],
      ['Contact', '/#contact'],
    ]);
  });

  it('keeps News on /news and Projects on /clients, and marks that entry as the current page', () => {
    renderHeader('/news');
    const news = within(mainNav()).getByRole('link', { name: 'News' });
    expect(news).toHaveAttribute('href', '/news');
    expect(news).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(navTargets('/clients').find((t) => t.label === 'Projects')).toMatchObject({ href: '/clients', current: true });
  });

  it('on a later page of /news or /clients, keeps that entry on the list (page 1) and marks it current', () => {
    renderHeader('/news/page/3');
    const news = within(mainNav()).getByRole('link', { name: 'News' });
    expect(news).toHaveAttribute('href', '/news');
    expect(news).toHaveAttribute('aria-current', 'page');
    expect(navTargets('/clients/page/2').find((t) => t.label === 'Projects')).toMatchObject({ href: '/clients', current: true });
    expect(navTargets('/clients/page/2').find((t) => t.label === 'News')).toMatchObject({ href: '/#news', current: false });
  });

  it('marks Home as the current page on the landing page', () => {
    renderHeader('/');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getAllByRole('link').filter((a) => a.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('on the landing page, a section link moves focus to the section and stays on the page', async () => {
    const user = userEvent.setup();
    renderHeader(
      '/',
      <section id="news" tabIndex={-1} aria-label="News section">
        News
      </section>,
    );
    Element.prototype.scrollIntoView = function scrollIntoView() {};
    await user.click(within(mainNav()).getByRole('link', { name: 'News' }));
    expect(screen.getByRole('region', { name: 'News section' })).toHaveFocus();
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/);
    expect(window.location.hash).toBe('#news');
  });

  it('from another page, a section link goes to /#section', async () => {
    const user = userEvent.setup();
    renderHeader('/team');
    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/#contact');
  });
});

describe('mobile menu', () => {
  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderHeader('/team');
    await openMenu(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('holds keyboard focus while open: Tab past the last link wraps to its button, Shift+Tab back to the last link', async () => {
    const user = userEvent.setup();
    renderHeader('/team', <a href="/somewhere">Page link</a>);
    const menu = await openMenu(user);
    const links = within(menu).getAllByRole('link');
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();
    for (let i = 1; i < links.length; i++) await user.tab();
    expect(within(menu).getByRole('link', { name: 'Contact' })).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(menu).getByRole('link', { name: 'Contact' })).toHaveFocus();
    // Focus that was elsewhere comes back into the menu on the next Tab.
    screen.getByRole('link', { name: 'Page link' }).focus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    // Closed, Tab moves on as usual.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open menu' })).not.toHaveFocus();
  });

  it('closes on a tap outside it, not on a tap inside it', async () => {
    const user = userEvent.setup();
    renderHeader('/team');
    const menu = await openMenu(user);
    fireEvent.pointerDown(menu);
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('Page content'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('closes on any navigation, a footer link included', async () => {
    const user = userEvent.setup();
    renderPublic(
      <>
        <SiteHeader />
        <SiteFooter />
      </>,
      { path: '/team' },
    );
    await openMenu(user);
    await user.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'News' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('closes when a link in the page navigates', async () => {
    const user = userEvent.setup();
    renderHeader('/team', <Link to="/clients">Our projects</Link>);
    await openMenu(user);
    await user.click(screen.getByRole('link', { name: 'Our projects' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByLabelText('location')).toHaveTextContent('/clients');
  });
});

describe('footer', () => {
  it('marks the current page among its links', () => {
    renderPublic(<SiteFooter />, { path: '/clients' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(footer).getByRole('link', { name: 'Team' })).not.toHaveAttribute('aria-current');
  });

  it('marks a list on its later pages, not on an item’s own page (which is not the list)', () => {
    const { unmount } = renderPublic(<SiteFooter />, { path: '/news/page/2' });
    expect(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderPublic(<SiteFooter />, { path: '/news/an-article' });
    expect(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'News' })).not.toHaveAttribute('aria-current');
  });
});
