import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, type FakeServer } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// Whole screens in jsdom, driven keystroke by keystroke, take a few seconds each.
jest.setTimeout(30_000);

afterEach(() => toaster.remove());

const kuwait = { __typename: 'Country', id: 1, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 2 };

function countriesServer(overrides: Partial<FakeServer['handlers']> = {}) {
  let rows = [kuwait];
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminCountries: (variables) => listAnswer('countries', rows, variables),
    AdminCreateCountry: ({ input }) => {
      const row = { __typename: 'Country', id: 2, ...(input as object) } as typeof kuwait;
      rows = [...rows, row];
      return { data: { createCountry: { __typename: 'Country', id: 2 } } };
    },
    AdminUpdateCountry: ({ id, input }) => {
      rows = rows.map((r) => (r.id === id ? { ...r, ...(input as object) } : r));
      return { data: { updateCountry: { __typename: 'Country', id } } };
    },
    AdminDeleteCountry: ({ id }) => {
      rows = rows.filter((r) => r.id !== id);
      return { data: { deleteCountry: true } };
    },
    ...overrides,
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const dialog = () => screen.getByRole('dialog');
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('a collection table screen (countries)', () => {
  it("shows the spec's columns and the rows", async () => {
    renderAdmin('/admin/countries', { server: countriesServer() });
    expect(await screen.findByRole('heading', { name: 'Countries' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Flag', 'Name', 'Code', 'Display Order', 'Actions']);
    const row = screen.getByRole('row', { name: /Kuwait/ });
    expect(within(row).getByRole('img', { name: 'Kuwait flag' })).toHaveAttribute('src', '/uploads/kw-320.webp'); // the 320 px variant
    expect(within(row).getByText('KW')).toBeInTheDocument();
  });

  it('opens add with empty defaults, edit prefilled, and starts over after closing', async () => {
    renderAdmin('/admin/countries', { server: countriesServer() });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    expect(within(dialog()).getByText('Add Country')).toBeInTheDocument();
    expect(field(/Name/)).toHaveValue('');
    // Changed on purpose (issue 22 item 2): the add form asked for a Display Order (0, which tied the
    // new item with the first); it no longer does: a new item goes last, dragging or "Move to" places it.
    expect(screen.queryByRole('spinbutton', { name: /Display Order/ })).not.toBeInTheDocument();
    await user.type(field(/Name/), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Typed changes: closing asks first.
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await dialogGone();

    await user.click(screen.getByRole('button', { name: /Add Country/ }));
    expect(field(/Name/)).toHaveValue(''); // closing reset the form

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await dialogGone();
    await user.click(screen.getByRole('button', { name: 'Edit Kuwait' }));
    expect(within(dialog()).getByText('Edit Country')).toBeInTheDocument();
    expect(field(/Name/)).toHaveValue('Kuwait');
    expect(field(/Code/)).toHaveValue('KW');
    expect(field(/Flag Image URL/)).toHaveValue('/uploads/kw.png');
    expect(screen.getByRole('spinbutton', { name: /Display Order/ })).toHaveValue(2);

    await user.click(screen.getByRole('button', { name: /close/i }));
    await dialogGone();
    await user.click(screen.getByRole('button', { name: /Add Country/ }));
    expect(within(dialog()).getByText('Add Country')).toBeInTheDocument(); // the edit target was cleared
    expect(field(/Name/)).toHaveValue('');
  });

  it('adds: sends the input, closes, says so and shows the refetched list', async () => {
    const server = countriesServer();
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    await user.type(field(/Name/), '  Oman ');
    await user.type(field(/Code/), 'OM');
    await user.type(field(/Flag Image URL/), 'https://flagcdn.com/om.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Country added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsOf('AdminCreateCountry')).toEqual([
      // No displayOrder (it was 0): the server puts the new item last.
      { input: { name: 'Oman', code: 'OM', flagImageUrl: 'https://flagcdn.com/om.png' } },
    ]);
    expect(await screen.findByRole('row', { name: /Oman/ })).toBeInTheDocument();
    expect(server.callsOf('AdminCountries').length).toBeGreaterThanOrEqual(2);
  });

  it('edits an existing row by its id', async () => {
    const server = countriesServer();
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.clear(field(/Name/));
    await user.type(field(/Name/), 'State of Kuwait');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country updated successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateCountry')[0]).toMatchObject({ id: 1, input: { name: 'State of Kuwait' } });
    expect(await screen.findByRole('row', { name: /State of Kuwait/ })).toBeInTheDocument();
  });

  it('deletes at once, without asking', async () => {
    const server = countriesServer();
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Kuwait' }));
    expect(await screen.findByText('Country deleted successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminDeleteCountry')).toEqual([{ id: 1 }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kuwait/ })).not.toBeInTheDocument());
  });

  it("names the failure: 'Failed to delete country'", async () => {
    renderAdmin('/admin/countries', {
      server: countriesServer({ AdminDeleteCountry: () => gqlError('NOT_FOUND', 'Not found') }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Kuwait' }));
    expect(await screen.findByText('Failed to delete country')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows validation messages on the fields before sending anything', async () => {
    const server = countriesServer();
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    expect(screen.getByText('Flag image URL is required')).toBeInTheDocument();

    await user.type(field(/Flag Image URL/), 'not a url');
    await user.type(field(/Code/), 'ABCDEFGHIJK');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Flag image URL must be an uploaded image or a web address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(screen.getByText('Code must be at most 10 characters')).toBeInTheDocument();
    expect(server.callsOf('AdminCreateCountry')).toHaveLength(0);

    // Display Order is on the edit form only (an add goes last): its rule is checked there.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await dialogGone();
    await user.click(screen.getByRole('button', { name: 'Edit Kuwait' }));
    await user.clear(screen.getByRole('spinbutton', { name: /Display Order/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Display Order/ }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display order must be a whole number')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateCountry')).toHaveLength(0);
  });

  it("shows the server's field errors on their fields and 'Failed to add country'", async () => {
    const server = countriesServer({
      AdminCreateCountry: () =>
        gqlError('BAD_USER_INPUT', 'Validation failed', { errors: [{ field: 'code', message: 'Code is already used' }] }),
    });
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Add Country/ }));
    await user.type(field(/Name/), 'Oman');
    await user.type(field(/Code/), 'KW');
    await user.type(field(/Flag Image URL/), 'https://flagcdn.com/om.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Code is already used')).toBeInTheDocument();
    expect(screen.getByText('Failed to add country')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument(); // stays open for a fix
  });
});

describe('the other collection screens', () => {
  it('news: columns, dash for an empty link, featured badges, and the featured checkbox', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminNewsList: (variables) =>
        listAnswer('news', [
          { __typename: 'News', id: 1, title: 'Opening in Muscat', pictureUrl: '/uploads/a.png', brief: 'We opened.', content: null, link: null, featured: true, displayOrder: 0, createdAt: '2025-01-05T10:00:00.000Z' },
          { __typename: 'News', id: 2, title: 'Award', pictureUrl: '/uploads/b.png', brief: 'We won.', content: null, link: 'https://example.com/award', featured: false, displayOrder: 1, createdAt: '2025-01-06T10:00:00.000Z' },
        ], variables),
    });
    renderAdmin('/admin/news', { server });
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Order', 'Picture', 'Title', 'Date', 'Brief', 'Link', 'Featured', 'Display Order', 'Actions',
    ]);
    const first = screen.getByRole('row', { name: /Opening in Muscat/ });
    expect(within(first).getByText('-')).toBeInTheDocument();
    expect(within(first).getByText('Featured')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Award/ })).getByText('Not Featured')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Add News/ }));
    expect(screen.getByRole('checkbox', { name: 'Feature on the landing page' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Upload Image/ })).toBeInTheDocument();
  });

  it("clients: 'N/A' for an empty country", async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminClients: (variables) =>
        listAnswer('clients', [{ __typename: 'Client', id: 1, title: 'Port study', pictureUrl: '/uploads/p.png', brief: null, country: null, featured: false, displayOrder: 0 }], variables),
    });
    renderAdmin('/admin/clients', { server });
    expect(await screen.findByRole('heading', { name: 'Clients & Projects' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Picture', 'Title', 'Country', 'Featured', 'Display Order', 'Actions',
    ]);
    expect(within(screen.getByRole('row', { name: /Port study/ })).getByText('N/A')).toBeInTheDocument();
  });

  it('contact info: icon select defaulting to Mail, dash for an empty label', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminContactInfoList: (variables) =>
        listAnswer('contactInfo', [{ __typename: 'ContactInfo', id: 1, type: 'phone', value: '+965 1234', label: null, icon: 'Phone', displayOrder: 0 }], variables),
      AdminCreateContactInfo: () => ({ data: { createContactInfo: { __typename: 'ContactInfo', id: 2 } } }),
    });
    renderAdmin('/admin/contact-info', { server });
    expect(await screen.findByRole('heading', { name: 'Contact Information' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Icon', 'Type', 'Value', 'Label', 'Display Order', 'Actions',
    ]);
    expect(within(screen.getByRole('row', { name: /\+965 1234/ })).getByText('-')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Add Contact Info/ }));
    const select = screen.getByRole('combobox', { name: /Icon/ });
    expect(select).toHaveValue('Mail');
    expect(within(select).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['Mail', 'Email'], ['Phone', 'Phone'], ['MapPin', 'Location'], ['Globe', 'Website'],
    ]);
    await user.type(field(/Type/), 'email');
    await user.type(field(/Value/), 'info@example.com');
    await user.selectOptions(select, 'Globe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact info added successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminCreateContactInfo')[0]).toEqual({
      input: { type: 'email', value: 'info@example.com', label: null, icon: 'Globe' }, // no displayOrder: it goes last
    });
  });
});
