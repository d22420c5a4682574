import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { PublicSiteDocument } from '../../graphql/generated/graphql';
import { axeViolations } from '../../test/axe-violations';
import { footerPage, publicSite } from '../../test/fixtures';
import { answering, renderPublic } from '../../test/render';
import { SiteFooter, addressLines } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

// The header's and footer's firm: name, logos, footer text, address, social links, the pages the
// firm links from the footer and the copyright line, all from the site settings (PublicSite).

const LEGAL = [footerPage(1, 'Privacy policy', 'privacy-policy'), footerPage(2, 'Imprint', 'imprint')];

const FULL = {
  firmName: 'Acme Partners',
  description: 'We plan, reform and grow.',
  footerText: 'Independent advice since 1999.',
  copyrightHolder: 'Acme Partners GmbH.',
  streetAddress: 'Ringstrasse 1\nTop 4',
  postalCode: '1010',
  city: 'Vienna',
  country: 'Austria',
  linkedinUrl: 'https://www.linkedin.com/company/acme',
  xUrl: 'https://x.com/acme',
  youtubeUrl: 'https://www.youtube.com/@acme',
  instagramUrl: 'https://www.instagram.com/acme',
  facebookUrl: 'https://www.facebook.com/acme',
  githubUrl: 'https://github.com/acme',
  timeZone: 'Pacific/Kiritimati',
};

function renderFooter(settings: Record<string, unknown>, { path = '/', pages = LEGAL } = {}) {
  return renderPublic(<SiteFooter />, { path, mocks: [answering(PublicSiteDocument, publicSite(settings, pages))] });
}

const footer = () => screen.getByRole('contentinfo');

describe('site footer', () => {
  it("names the firm in type, shows its footer text, postal address and profiles, and credits the copyright holder", async () => {
    renderFooter(FULL);
    expect(await within(footer()).findByText('Independent advice since 1999.')).toBeInTheDocument();
    expect(within(footer()).getByText('Acme')).toBeInTheDocument();
    expect(within(footer()).getByText('Partners')).toBeInTheDocument();

    const address = footer().querySelector('address')!;
    expect([...address.children].map((line) => line.textContent)).toEqual(['Ringstrasse 1', 'Top 4', '1010 Vienna', 'Austria']);

    const profiles = [
      ['LinkedIn', FULL.linkedinUrl],
      ['X', FULL.xUrl],
      ['YouTube', FULL.youtubeUrl],
      ['Instagram', FULL.instagramUrl],
      ['Facebook', FULL.facebookUrl],
      ['GitHub', FULL.githubUrl],
    ];
    const social = within(footer()).getByRole('list', { name: 'Social media' });
    expect(within(social).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      profiles.map(([name, url]) => [`${name} (opens in a new tab)`, url]),
    );
    for (const [name] of profiles) {
      const link = within(social).getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }

    // The holder's own closing full stop is not doubled; the year is the firm's (Kiritimati: UTC+14).
    const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(within(footer()).getByText(`© ${year} Acme Partners GmbH. All rights reserved.`)).toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('without footer text shows the description, without a holder names the firm, and leaves out what is not given', async () => {
    renderFooter({ firmName: 'Meridian Advisory', description: 'Management consultants.', city: 'Belgrade' }, { pages: [] });
    expect(await within(footer()).findByText('Management consultants.')).toBeInTheDocument();
    expect(within(footer()).getByText(/^© \d{4} Meridian Advisory\. All rights reserved\.$/)).toBeInTheDocument();
    expect([...footer().querySelector('address')!.children].map((line) => line.textContent)).toEqual(['Belgrade']);
    expect(within(footer()).queryByRole('list', { name: 'Social media' })).toBeNull();
    expect(within(footer()).queryByRole('navigation', { name: 'Legal' })).toBeNull();
  });

  it('without an address has no address element', async () => {
    renderFooter({ firmName: 'Meridian Advisory' });
    await within(footer()).findByText('Meridian');
    expect(footer().querySelector('address')).toBeNull();
  });

  it('links the pages linked from the footer, the shown one marked as the current page', async () => {
    renderFooter(FULL, { path: '/imprint' });
    const legal = await within(footer()).findByRole('navigation', { name: 'Legal' });
    expect(within(legal).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Privacy policy', '/privacy-policy', null],
      ['Imprint', '/imprint', 'page'],
    ]);
    expect(within(footer()).getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
  });

  it("shows the logo for dark backgrounds, named by the firm; else the light one (on a plate)", async () => {
    const { unmount } = renderFooter({ ...FULL, logoUrl: '/uploads/logo.png', logoDarkUrl: '/uploads/logo-dark.png' });
    expect(await within(footer()).findByRole('img', { name: 'Acme Partners' })).toHaveAttribute('src', '/uploads/logo-dark.png');
    expect(within(footer()).queryByText('Partners')).toBeNull();
    unmount();
    renderFooter({ ...FULL, logoUrl: '/uploads/logo.png' });
    expect(await within(footer()).findByRole('img', { name: 'Acme Partners' })).toHaveAttribute('src', '/uploads/logo.png');
  });

  it('has no axe violations, with every part shown and with none', async () => {
    const { unmount } = renderFooter({ ...FULL, logoDarkUrl: '/uploads/logo-dark.png' }, { path: '/imprint' });
    await within(footer()).findByRole('navigation', { name: 'Legal' });
    expect(await axeViolations()).toEqual([]);
    unmount();
    renderFooter({}, { pages: [] });
    await within(footer()).findByText('Meridian');
    expect(await axeViolations()).toEqual([]);
  });

  it('before the settings arrive (or when they cannot be read), names the neutral default firm', () => {
    renderPublic(<SiteFooter />);
    expect(within(footer()).getByText(/^© \d{4} Your Firm\. All rights reserved\.$/)).toBeInTheDocument();
  });
});

describe('address lines', () => {
  it('writes the parts given as on a letter', () => {
    expect(addressLines({})).toEqual([]);
    expect(addressLines({ postalCode: '1010' })).toEqual(['1010']);
    expect(addressLines({ streetAddress: '1 Main St', city: 'Springfield', region: 'IL', country: 'USA' })).toEqual(['1 Main St', 'Springfield', 'IL', 'USA']);
  });
});

describe('site header', () => {
  it("names the firm: its name in type, first word and the rest, linking home", async () => {
    renderPublic(<SiteHeader />, { mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Acme Partners Group' }))] });
    const home = await screen.findByRole('link', { name: 'Acme Partners Group' });
    expect(home).toHaveAttribute('href', '/');
    expect(within(home).getByText('Acme')).toBeInTheDocument();
    expect(within(home).getByText('Partners Group')).toBeInTheDocument();
  });

  it('a one-word name is one line', async () => {
    renderPublic(<SiteHeader />, { mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Acme' }))] });
    const home = await screen.findByRole('link', { name: 'Acme' });
    expect(home.textContent).toBe('Acme');
    expect(home.querySelectorAll('span')).toHaveLength(1);
  });

  it("without a logo, marks the name with the firm's own initial (no fictional brand's mark), or with its uploaded icon", async () => {
    const first = renderPublic(<SiteHeader />, { mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Northwind Partners' }))] });
    const home = await screen.findByRole('link', { name: 'Northwind Partners' });
    expect(home.querySelector('[data-initial]')).toHaveAttribute('data-initial', 'N');
    expect(home.querySelector('svg, img')).toBeNull();
    first.unmount();

    renderPublic(<SiteHeader />, { mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Northwind Partners', iconUrl: '/uploads/mark.png' }))] });
    const withIcon = await screen.findByRole('link', { name: 'Northwind Partners' });
    expect(withIcon.querySelector('img')).toHaveAttribute('src', '/uploads/mark.png');
    expect(withIcon.querySelector('img')).toHaveAttribute('alt', '');
    expect(withIcon.querySelector('[data-initial]')).toBeNull();
  });

  it("shows the firm's logo picture, its name as the alternative text", async () => {
    renderPublic(<SiteHeader />, { mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Acme Partners', logoUrl: '/uploads/acme.png' }))] });
    const logo = await screen.findByRole('img', { name: 'Acme Partners' });
    expect(logo).toHaveAttribute('src', '/uploads/acme.png');
    expect(screen.getByRole('link', { name: 'Acme Partners' })).toContainElement(logo);
  });
});
