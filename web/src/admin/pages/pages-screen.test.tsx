import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { installProseMirrorDom } from '../test/prosemirror-dom';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, type Handler } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { publicationAnswer } from '../test/workflow-answers';

// The Pages screen (issue 25): the firm's simple pages at /<slug>. A fresh installation has three
// drafts never published (privacy policy, imprint, accessibility statement) to fill in; the table
// says where each page is, where the site links it and its state; the dialog shows the address the
// slug makes, and a slug that is one of the site's routes is refused beside the field, by the
// form's own rule or by the server's.

jest.setTimeout(60_000);
installProseMirrorDom();
afterEach(() => {
  toaster.remove();
  sessionStorage.clear();
});

const placeholder = (id: number, title: string, slug: string) =>
  publicationAnswer('pages', id, {
    state: 'DRAFT',
    live: false,
    hasDraft: true,
    draftVersion: 1,
    values: { title, slug, description: `The firm's ${title.toLowerCase()}.`, body: 'To be written: replace this text.', linkedFrom: 'footer' },
    label: title,
    updatedAt: new Date(2026, 10, 24, 9, 0).toISOString(),
  });
const DRAFTS = [placeholder(1, 'Privacy policy', 'privacy-policy'), placeholder(2, 'Imprint', 'imprint'), placeholder(3, 'Accessibility statement', 'accessibility-statement')];

const page = (id: number, title: string, slug: string, more: Record<string, unknown> = {}) => ({
  __typename: 'Page',
  id,
  version: 2,
  title,
  slug,
  body: `${title} text.`,
  bodyDocument: null,
  description: `About ${title}.`,
  linkedFrom: 'footer',
  displayOrder: id,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...more,
});

function server(rows: object[] = [], notOnSite: object[] = DRAFTS, handlers: Record<string, Handler> = {}) {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminPages: (variables) => listAnswer('pages', rows as never, variables, notOnSite),
    ...handlers,
  });
}

async function openAdd(fake = server()) {
  renderAdmin('/admin/pages', { server: fake });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /Add Page/ }));
  const dialog = screen.getByRole('dialog', { name: 'Add Page' });
  await within(dialog).findByRole('textbox', { name: 'Body' }); // the editor is there
  return { fake, user, dialog };
}

const slugBox = () => screen.getByRole('textbox', { name: 'Slug' });

describe('the Pages screen', () => {
  it("lists a fresh installation's three pages as drafts to fill in, above an empty table that says so", async () => {
    renderAdmin('/admin/pages', { server: server() });
    expect(await screen.findByRole('heading', { name: 'Pages', level: 1 })).toBeInTheDocument();
    const drafts = screen.getByRole('region', { name: 'Not on the site (3)' });
    const items = within(drafts).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual(['Privacy policy', 'Imprint', 'Accessibility statement']);
    for (const item of items) expect(item).toHaveTextContent('Never published');
    expect(screen.getByText('Nothing on the site yet. Open one of the pages above to fill it in and publish it.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // A draft opens in the dialog with its placeholder, its address, and Publish.
    const user = userEvent.setup({ delay: null });
    await user.click(within(items[0]).getByRole('button', { name: 'Privacy policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Page' });
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Privacy policy');
    expect(within(dialog).getByTestId('page-address')).toHaveTextContent('/privacy-policy');
    expect(await within(dialog).findByRole('textbox', { name: 'Body' })).toHaveTextContent('To be written: replace this text.');
    expect(within(dialog).getAllByText('Never published').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(await axeViolations(dialog)).toEqual([]);
  });

  it('shows each page on the site with its address (a link to it), where it is linked from and its state', async () => {
    const privacy = page(1, 'Privacy policy', 'privacy-policy');
    const imprint = page(2, 'Imprint', 'imprint', {
      linkedFrom: 'none',
      publication: publicationAnswer('pages', 2, { state: 'CHANGED', hasDraft: true, draftVersion: 1, values: { title: 'Imprint (new)' } }),
    });
    renderAdmin('/admin/pages', { server: server([privacy, imprint], []) });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toEqual(
      expect.arrayContaining(['Title', 'Address', 'Linked From', 'State', 'Display Order']),
    );
    const first = screen.getByRole('row', { name: /Privacy policy/ });
    const link = within(first).getByRole('link', { name: /\/privacy-policy/ });
    expect(link).toHaveAttribute('href', '/privacy-policy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName('/privacy-policy (opens in a new tab)');
    expect(first).toHaveTextContent('Footer');
    expect(first).toHaveTextContent('Published');
    const second = screen.getByRole('row', { name: /Imprint/ });
    expect(within(second).getByRole('link', { name: /\/imprint/ })).toHaveAttribute('href', '/imprint');
    expect(second).toHaveTextContent('Nowhere');
    expect(second).toHaveTextContent('Draft changes');
    expect(screen.queryByRole('region', { name: /Not on the site/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('puts the slug under the title and shows the address it makes as it is typed', async () => {
    const { user, dialog } = await openAdd();
    const boxes = within(dialog)
      .getAllByRole('textbox')
      .map((box) => box.getAttribute('name') ?? box.getAttribute('aria-label'));
    expect(boxes.slice(0, 2)).toEqual(['title', 'slug']);
    expect(within(dialog).queryByRole('group', { name: 'Page and sharing' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('page-address')).toHaveTextContent('/...');
    await user.type(slugBox(), 'privacy-policy');
    expect(within(dialog).getByTestId('page-address')).toHaveTextContent(/^\/privacy-policy$/);
    expect(slugBox()).toHaveAccessibleDescription(/Never one of the site's own addresses/);
    expect(within(dialog).getByRole('combobox', { name: 'Linked From' })).toHaveValue('footer');
  });

  it("refuses a slug that is one of the site's routes beside the field before anything is sent (axe clean)", async () => {
    const { fake, user, dialog } = await openAdd();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Our team');
    await user.type(slugBox(), 'team');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Who we are.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = 'Slug cannot be "team": the site uses that address';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(slugBox()).toHaveAttribute('aria-invalid', 'true');
    expect(slugBox()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(fake.callsOf('AdminCreatePage')).toHaveLength(0);
    expect(await axeViolations(dialog)).toEqual([]);
  });

  it("shows the server's field message under the slug when it refuses one of its own routes", async () => {
    const refusal = 'Slug cannot be "careers": the site uses that address';
    const fake = server([], DRAFTS, {
      AdminCreatePage: () => gqlError('BAD_USER_INPUT', 'Validation failed', { errors: [{ field: 'slug', message: refusal }] }),
    });
    const { user, dialog } = await openAdd(fake);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Careers');
    await user.type(slugBox(), 'careers');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Work with us.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(slugBox()).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(fake.callsOf('AdminCreatePage')).toEqual([
      { input: expect.objectContaining({ title: 'Careers', slug: 'careers', description: 'Work with us.', linkedFrom: 'footer', bodyDocument: null }) },
    ]);
    expect(screen.getByRole('dialog', { name: 'Add Page' })).toBeInTheDocument(); // still open, the rest kept
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Careers');
    expect(await axeViolations(dialog)).toEqual([]);
  });
});
