import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answering, renderPublic } from '../../test/render';
import { PublicSiteDocument } from '../../graphql/generated/graphql';
import { publicSite } from '../../test/fixtures';
import { axeViolations } from '../../test/axe-violations';
import { App } from '../../App';

describe('the thank-you page (/contact/thanks)', () => {
  it("says thank you in the site's layout, with a way back home", async () => {
    renderPublic(<App />, { path: '/contact/thanks', mocks: [answering(PublicSiteDocument, publicSite({ firmName: 'Northwind Partners' }))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText('Your message has reached us. We will get back to you soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    // The layout: the site's header and footer.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await screen.findAllByText(/Northwind Partners/);
    expect(document.title).toBe('Thank you | Northwind Partners');
    expect(await axeViolations()).toEqual([]);
  });
});
