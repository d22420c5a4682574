import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// A save of a record someone else changed since the form loaded it: the API answers CONFLICT;
// the form says so and offers to reload the current version.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const CONFLICT = 'Someone else changed this item since you opened it.';

describe('a stale save', () => {
  it('sends the version it loaded, shows the conflict and reloads the current record on request', async () => {
    let stored = { __typename: 'Country', id: 1, version: 3, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 2 };
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminCountries: (variables) => listAnswer('countries', [stored], variables),
      AdminUpdateCountry: () =>
        gqlError('CONFLICT', 'Someone else changed this item since you opened it', {
          currentVersion: 4,
          changedBy: 'maria',
          changedAt: '2026-11-23T09:15:00.000Z',
        }),
    });
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    // Meanwhile another editor renames it.
    stored = { ...stored, version: 4, name: 'State of Kuwait' };
    const name = within(screen.getByRole('dialog')).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Kuwait City');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    // Who made the change that won, and when.
    expect(screen.getByText(/^maria saved a change on .*2026.*Reload it to see the current version/)).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateCountry')[0]).toMatchObject({ id: 1, expectedVersion: 3, input: { name: 'Kuwait City' } });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Name/ })).toHaveValue('State of Kuwait'));
    expect(screen.queryByText(CONFLICT)).not.toBeInTheDocument();

    // The next save names the version just loaded.
    server.handlers.AdminUpdateCountry = () => ({ data: { updateCountry: { __typename: 'Country', id: 1 } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country updated successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateCountry')[1]).toMatchObject({ id: 1, expectedVersion: 4 });
  });

  it('on a singleton screen too', async () => {
    let stats = { __typename: 'Statistics', id: 3, version: 7, yearEstablished: '2011', expertCount: 40, projectCount: 250, partnerCount: 12 };
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminStatistics: () => ({ data: { statistics: stats } }),
      AdminUpdateStatistics: () => gqlError('CONFLICT', 'Someone else changed this item since you opened it', { currentVersion: 8 }),
    });
    renderAdmin('/admin/statistics', { server });
    const experts = await screen.findByRole('spinbutton', { name: /Expert Consultants Count/ });
    stats = { ...stats, version: 8, expertCount: 41 };
    const user = userEvent.setup({ delay: null });
    await user.clear(experts);
    await user.type(experts, '45');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    // Without a known author (seeded content) the notice still explains what to do.
    expect(screen.getByText(/^Reload it to see the current version/)).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateStatistics')[0]).toMatchObject({ id: 3, expectedVersion: 7 });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /Expert Consultants Count/ })).toHaveValue(41));
    expect(screen.queryByText(CONFLICT)).not.toBeInTheDocument();
  });
});

// Both screens reload through the same save hook (forms/use-save-record.ts): a reload that fails
// keeps the notice and says so; a record deleted meanwhile closes the dialog.
describe('reloading after a stale save', () => {
  const staleCountry = () => gqlError('CONFLICT', 'Someone else changed this item since you opened it', { currentVersion: 4 });

  it('in the collection dialog: a failed reload keeps the notice, a record gone meanwhile closes the dialog', async () => {
    let rows = [{ __typename: 'Country', id: 1, version: 3, name: 'Kuwait', code: 'KW', flagImageUrl: '/uploads/kw.png', displayOrder: 2 }];
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminCountries: (variables) => listAnswer('countries', rows, variables),
      AdminUpdateCountry: staleCountry,
    });
    renderAdmin('/admin/countries', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Kuwait' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();

    server.handlers.AdminCountries = () => gqlError('INTERNAL_SERVER_ERROR', 'Internal server error');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Failed to load countries')).toBeInTheDocument();
    expect(screen.getByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Name/ })).toHaveValue('Kuwait');

    // Meanwhile someone deleted it: the next reload finds no such row and closes the dialog.
    rows = [];
    server.handlers.AdminCountries = (variables) => listAnswer('countries', rows, variables);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(CONFLICT)).not.toBeInTheDocument();
  });

  it('on a singleton screen: a failed reload keeps the notice and says so; the next one brings the current values', async () => {
    let stats = { __typename: 'Statistics', id: 3, version: 7, yearEstablished: '2011', expertCount: 40, projectCount: 250, partnerCount: 12 };
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminStatistics: () => ({ data: { statistics: stats } }),
      AdminUpdateStatistics: () => gqlError('CONFLICT', 'Someone else changed this item since you opened it', { currentVersion: 8 }),
    });
    renderAdmin('/admin/statistics', { server });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('spinbutton', { name: /Expert Consultants Count/ });
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();

    server.handlers.AdminStatistics = () => gqlError('INTERNAL_SERVER_ERROR', 'Internal server error');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Failed to load the current values')).toBeInTheDocument();
    expect(screen.getByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();

    stats = { ...stats, version: 8, expertCount: 41 };
    server.handlers.AdminStatistics = () => ({ data: { statistics: stats } });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /Expert Consultants Count/ })).toHaveValue(41));
    expect(screen.queryByText(CONFLICT)).not.toBeInTheDocument();
  });
});
