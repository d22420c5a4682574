import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderPublic } from '../../test/render';
import { expiryText, PreviewBanner, PreviewContext } from './PreviewBanner';

// The banner of a server-rendered preview (api/src/preview): what it says for a changed item, a
// never-published one and a share link, and nothing at all on a public page.

/** axe-core's rules on the page as it is (jsdom: no layout, so no colour contrast; the Chromium screenshots judge that). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function renderBanner(preview: Parameters<typeof PreviewContext.Provider>[0]['value']) {
  return renderPublic(
    <PreviewContext.Provider value={preview}>
      <main>
        <h1>Our News</h1>
      </main>
      <PreviewBanner />
    </PreviewContext.Provider>,
  );
}

describe('the preview banner', () => {
  it('of a changed item: says it shows unpublished changes, names the item, no expiry', async () => {
    renderBanner({ label: 'Merger agreed', live: true });
    const banner = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(banner).getByRole('heading', { name: 'Preview of unpublished changes' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Merger agreed');
    expect(banner).toHaveTextContent('Visitors still see the published version.');
    expect(banner).not.toHaveTextContent('expires');
    expect(await axeViolations()).toEqual([]);
  });

  it('of a never-published item through a share link: not published yet, and when the link expires', async () => {
    renderBanner({ label: 'Launch day', live: false, expiresAt: '2026-12-01T16:04:00.000Z' });
    const banner = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(banner).getByRole('heading', { name: 'Preview — not published yet' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Visitors do not see this item.');
    expect(banner).toHaveTextContent('Link expires 1 Dec 2026, 16:04 UTC');
    expect(banner.querySelector('time')).toHaveAttribute('datetime', '2026-12-01T16:04:00.000Z');
    expect(await axeViolations()).toEqual([]);
  });

  it('is absent from public pages', () => {
    renderBanner(null);
    expect(screen.queryByRole('complementary', { name: 'Preview' })).toBeNull();
  });

  it('writes an unreadable expiry as nothing', () => {
    expect(expiryText('not a date')).toBe('');
  });
});
