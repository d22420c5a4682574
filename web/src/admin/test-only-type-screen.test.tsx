// The fixture first: it registers its content type before the admin's screens are built.
import { testOnlyItems } from '../test/test-only-type';
import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { CONTENT_SCREENS } from './content-screens';
import { NAV_GROUPS } from './shell/nav-items';
import { SIGNED_IN, fakeServer, renderAdmin } from './test/render-admin';
import { listAnswer } from './test/list-answer';

// A content type declared only in a test fixture gets its admin screen (route, sidebar link,
// table from its declaration) with no other edit.

jest.setTimeout(30_000);

const row = { __typename: 'TestOnlyItem', id: 7, version: 1, name: 'Seventh', logoUrl: '/uploads/seven.png', note: null, featured: true, displayOrder: 0 };

describe('a content type declared only in a test fixture', () => {
  it('is in the content screens and the sidebar, after the model’s own types', () => {
    expect(CONTENT_SCREENS.map((s) => s.path)).toEqual([
      'content',
      'statistics',
      'countries',
      'brands',
      'team-members',
      'news',
      'clients',
      'contact-info',
      'site',
      'pages',
      'test-only-items',
      'webhooks',
    ]);
    const content = NAV_GROUPS.find((group) => group.label === 'Content Management')!;
    expect(content.items).toContainEqual(expect.objectContaining({ label: 'Test-Only Items', to: `/admin/${testOnlyItems.adminPath}` }));
  });

  it('has a screen with its default table: the one-line fields, then the display order', async () => {
    renderAdmin('/admin/test-only-items', {
      server: fakeServer({ AdminMe: SIGNED_IN, AdminTestOnlyItems: (variables) => listAnswer('testOnlyItems', [row], variables) }),
    });
    expect(await screen.findByRole('heading', { name: 'Test-Only Items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Test-Only Items' })).toHaveAttribute('href', '/admin/test-only-items');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Logo', 'Featured', 'Display Order', 'Actions']);
    const found = await screen.findByRole('row', { name: /Seventh/ });
    expect(within(found).getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    expect(within(found).getByText('Yes')).toBeInTheDocument();
    expect(within(found).getByRole('button', { name: /Edit Seventh/ })).toBeInTheDocument();
  });
});
