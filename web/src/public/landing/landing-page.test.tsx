import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactSectionDocument, LandingPageDocument } from '../../graphql/generated/graphql';
import { answering, failing, pending, renderPublic } from '../../test/render';
import { contactEntry, landingData, newsPreviewItem, project } from '../../test/fixtures';
import { LandingPage } from './LandingPage';
import { SERVICES } from './ServicesSection';
import { ContactSection } from '../contact/ContactSection';
import { SiteHeader } from '../layout/SiteHeader';
import { SiteFooter } from '../layout/SiteFooter';

const contacts = [
  contactEntry(1, 'email', 'hello@consulting.example'),
  contactEntry(2, 'phone', '+1 555 0100', { label: 'Call us', icon: 'Phone' }),
  contactEntry(3, 'website', 'https://www.consulting.example', { icon: 'Globe' }),
  contactEntry(4, 'address', '12 Example Street', { icon: 'MapPin' }),
];

function renderLanding(data: Record<string, unknown> = landingData) {
  return renderPublic(<LandingPage />, {
    mocks: [answering(LandingPageDocument, data), answering(ContactSectionDocument, { contactInfo: contacts })],
  });
}

describe('landing page', () => {
  it("shows 'Loading...' while its content loads", () => {
    renderPublic(<LandingPage />, { mocks: [pending(LandingPageDocument), pending(ContactSectionDocument)] });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the failure texts when loading fails', async () => {
    renderPublic(<LandingPage />, { mocks: [failing(LandingPageDocument)] });
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('renders every section with its anchor', async () => {
    const { container } = renderLanding();
    await screen.findByRole('heading', { level: 1, name: 'Clear strategy. Measurable results.' });
    for (const id of ['who-we-are', 'services', 'statistics', 'presence', 'brands', 'team', 'news', 'clients', 'contact']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    expect(screen.getByText('Independent consultants.')).toBeInTheDocument();
    expect(screen.getByText('We are a fictional firm.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore Our Expertise' })).toBeInTheDocument();
  });

  it('lists the six fixed services by their exact titles', async () => {
    renderLanding();
    const section = (await screen.findByRole('heading', { name: 'Services' })).closest('section')!;
    const titles = within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Strategic Planning and Development',
      'Public Reform and Institutional Development',
      'Feasibility Studies, Valuation, Merges and Acquisitions',
      'Export Planning and International Market Research',
      'Innovation Management',
      'Technology & AI Solutions',
    ]);
    expect(SERVICES).toHaveLength(6);
  });

  it("shows the statistics with '+' prefixes and the stored year", async () => {
    renderLanding();
    const section = (await screen.findByRole('heading', { name: 'Statistics' })).closest('section')!;
    expect(within(section).getByText('Year Established')).toBeInTheDocument();
    expect(within(section).getByText('2009')).toBeInTheDocument();
    expect(within(section).getByText('+45')).toBeInTheDocument();
    expect(within(section).getByText('+320')).toBeInTheDocument();
    expect(within(section).getByText('+28')).toBeInTheDocument();
  });

  it("leaves out counts that are 0 (a fresh install) instead of showing '+0'", async () => {
    renderLanding({ ...landingData, statistics: { ...landingData.statistics, expertCount: 0, projectCount: 12, partnerCount: 0 } });
    const section = (await screen.findByRole('heading', { name: 'Statistics' })).closest('section')!;
    expect(within(section).getByText('+12')).toBeInTheDocument();
    expect(within(section).queryByText('+0')).toBeNull();
    expect(within(section).queryByText('Expert Consultants')).toBeNull();
    expect(within(section).getByText('Year Established')).toBeInTheDocument();
  });

  it("hides 'View All Projects' when there are no projects, keeping the empty text", async () => {
    renderLanding({ ...landingData, projectsPreview: [] });
    const section = (await screen.findByRole('heading', { name: 'Projects' })).closest('section')!;
    expect(within(section).getByText('No projects to display yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'View All Projects' })).toBeNull();
  });

  it('shows each brand name once, with the same structure with or without a description', async () => {
    renderLanding();
    const section = (await screen.findByRole('heading', { name: 'Companies' })).closest('section')!;
    expect(within(section).getAllByText('Northwind Analytics')).toHaveLength(1);
    const cards = within(section).getAllByRole('listitem');
    for (const card of cards) {
      expect(within(card).getAllByRole('heading', { level: 3 })).toHaveLength(1);
      expect(within(card).getAllByRole('img')).toHaveLength(1);
      expect(card.querySelectorAll('p')).toHaveLength(2);
    }
  });

  it('shows 2011 as the year established when no statistics are stored', async () => {
    renderLanding({ ...landingData, statistics: null });
    const section = (await screen.findByRole('heading', { name: 'Statistics' })).closest('section')!;
    expect(within(section).getByText('2011')).toBeInTheDocument();
  });

  it('shows each country with flag, name and code', async () => {
    renderLanding();
    expect(await screen.findByText('Freedonia', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('FD')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Flag of Freedonia' })).toHaveAttribute('src', '/uploads/fd.png');
  });

  it('shows brands with logo, optional description and a new-tab Visit Website link; a sister brand uses its bundled logo', async () => {
    renderLanding();
    const section = (await screen.findByRole('heading', { name: 'Companies' })).closest('section')!;
    expect(within(section).getByText('Data platforms.')).toBeInTheDocument();
    const visits = within(section).getAllByRole('link', { name: /Visit Website/ });
    expect(visits.map((a) => a.getAttribute('href'))).toEqual(['https://nw.example', 'https://hl.example']);
    for (const a of visits) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    expect(within(section).getByRole('img', { name: 'Halcyon Lab logo' })).toHaveAttribute('src', '/uploads/hl.png');
    expect(within(section).getByRole('img', { name: 'Northwind Analytics logo' })).not.toHaveAttribute('src', '/uploads/nw.png');
  });

  it("links the team teaser to /team with 'Get to Know Our Team'", async () => {
    renderLanding();
    expect(await screen.findByRole('link', { name: 'Get to Know Our Team' })).toHaveAttribute('href', '/team');
  });

  // Which items a preview shows is the server's rule (api/test/content/previews.test.ts); the page shows them.
  it("previews the news the server chose, with 'View All News'", async () => {
    renderLanding();
    const section = (await screen.findByRole('heading', { name: 'News' })).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['News 1', 'News 2', 'News 3']);
    expect(within(section).getByRole('link', { name: 'News 2' })).toHaveAttribute('target', '_blank');
    expect(within(section).getByRole('link', { name: 'View All News' })).toHaveAttribute('href', '/news');
  });

  it('previews only the news the server chose (e.g. the featured one)', async () => {
    renderLanding({ ...landingData, newsPreview: [newsPreviewItem(2, { featured: true })] });
    const section = (await screen.findByRole('heading', { name: 'News' })).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['News 2']);
  });

  it("hides 'View All News' when there is no news", async () => {
    renderLanding({ ...landingData, newsPreview: [] });
    await screen.findByRole('heading', { name: 'News' });
    expect(screen.queryByRole('link', { name: 'View All News' })).toBeNull();
  });

  it("previews featured projects with their country badge and 'View All Projects'", async () => {
    renderLanding({ ...landingData, projectsPreview: [project(2, { featured: true, country: 'Freedonia' })] });
    const section = (await screen.findByRole('heading', { name: 'Projects' })).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Project 2']);
    expect(within(section).getByText('Freedonia')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/clients');
  });

  it('shows every project the server chose (the first 6 when none is featured)', async () => {
    renderLanding({ ...landingData, projectsPreview: [1, 2, 3, 4, 5, 6].map((id) => project(id)) });
    const section = (await screen.findByRole('heading', { name: 'Projects' })).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(6);
  });
});

describe('contact section', () => {
  it('shows a skeleton of 3 cards while loading', () => {
    renderPublic(<ContactSection />, { mocks: [pending(ContactSectionDocument)] });
    const busy = screen.getByLabelText('Loading contact details');
    expect(within(busy).getAllByRole('listitem')).toHaveLength(3);
  });

  it('links email, phone and website; other types are plain text; label falls back to type', async () => {
    renderPublic(<ContactSection />, { mocks: [answering(ContactSectionDocument, { contactInfo: contacts })] });
    expect(await screen.findByRole('link', { name: 'hello@consulting.example' })).toHaveAttribute('href', 'mailto:hello@consulting.example');
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    const website = screen.getByRole('link', { name: 'https://www.consulting.example' });
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('12 Example Street').closest('a')).toBeNull();
    expect(screen.getByText('Call us')).toBeInTheDocument();
    expect(screen.getByText('address')).toBeInTheDocument();
  });
});

describe('header and footer', () => {
  it('has a Home link and the nine section entries, as links to their sections', () => {
    renderPublic(<SiteHeader />, { path: '/team' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Home', 'Who We Are', 'Services', 'Statistics', 'Presence', 'Companies', 'Team', 'News', 'Projects', 'Contact',
    ]);
    expect(links[0]).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
  });

  it('opens the mobile menu with the toggle and closes it after a section is chosen', async () => {
    const user = userEvent.setup();
    renderPublic(<SiteHeader />, { path: '/' });
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it("shows the copyright with the current year and an 'Admin Panel' link", () => {
    renderPublic(<SiteFooter />);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });
});
