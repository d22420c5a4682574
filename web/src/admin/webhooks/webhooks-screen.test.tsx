import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const hook = {
  __typename: 'WebhookEndpoint',
  id: 1,
  url: 'https://hooks.example.com/site',
  secret: 'whsec_abc',
  collections: ['news'],
  active: true,
  createdAt: '2026-11-23T10:00:00.000Z',
};

const delivery = {
  __typename: 'WebhookDelivery',
  id: '7',
  event: 'content.changed',
  collection: 'news',
  recordId: 12,
  action: 'updated',
  occurredAt: '2026-11-23T10:05:00.000Z',
  status: 'delivered',
  attempts: 2,
  nextAttemptAt: '2026-11-23T10:05:00.000Z',
  lastStatusCode: 200,
  lastLatencyMs: 37,
  lastError: null,
};

function webhooksServer() {
  let rows = [hook];
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminWebhooks: () => ({ data: { webhooks: rows, webhookCollections: ['countries', 'news', 'team-members'] } }),
    AdminWebhookDeliveries: () => ({ data: { webhookDeliveries: [delivery] } }),
    AdminCreateWebhook: ({ input }) => {
      const { url } = input as { url: string };
      if (url.includes('127.0.0.1')) {
        return gqlError('BAD_USER_INPUT', 'Validation failed', {
          errors: [{ field: 'url', message: 'Private, loopback and link-local addresses are not allowed (127.0.0.1)' }],
        });
      }
      rows = [...rows, { ...hook, id: 2, ...(input as object) }];
      return { data: { createWebhook: { __typename: 'WebhookEndpoint', id: 2 } } };
    },
    AdminUpdateWebhook: ({ id }) => ({ data: { updateWebhook: { __typename: 'WebhookEndpoint', id } } }),
    AdminDeleteWebhook: ({ id }) => {
      rows = rows.filter((r) => r.id !== id);
      return { data: { deleteWebhook: true } };
    },
    AdminSendTestWebhook: () => ({ data: { sendTestWebhook: { __typename: 'WebhookDelivery', id: '8' } } }),
  });
}

describe('the webhooks screen', () => {
  it('lists endpoints, adds one with chosen collections and shows the server refusing a private address', async () => {
    const server = webhooksServer();
    renderAdmin('/admin/webhooks', { server });
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: /hooks\.example\.com/ });
    // Collections by the model's labels, as the sidebar names them, not by their REST paths.
    expect(within(row).getByText('News')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add Webhook/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'http://127.0.0.1:9/x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Private, loopback and link-local addresses are not allowed/)).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://other.example.com/hook');
    // fireEvent: jsdom has no PointerEvent, which the checkbox's blur handling needs after a userEvent click.
    expect(within(dialog).queryByRole('checkbox', { name: 'team-members' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Team Members' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsOf('AdminCreateWebhook').at(-1)).toEqual({
      input: { url: 'https://other.example.com/hook', secret: '', collections: ['team-members'], active: true },
    });
    expect(await screen.findByRole('row', { name: /other\.example\.com/ })).toBeInTheDocument();
  });

  it('sends a test event and shows the delivery log with status and latency', async () => {
    const server = webhooksServer();
    renderAdmin('/admin/webhooks', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Send test event/ }));
    expect(await screen.findByText('Test event queued')).toBeInTheDocument();
    expect(server.callsOf('AdminSendTestWebhook')).toEqual([{ id: 1 }]);
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    const entry = await within(log).findByRole('row', { name: /News 12 updated/ });
    expect(within(entry).getByText('delivered')).toBeInTheDocument();
    expect(within(entry).getByText('37 ms')).toBeInTheDocument();
    expect(within(entry).getByText('200')).toBeInTheDocument();
  });

  it('deletes an endpoint', async () => {
    const server = webhooksServer();
    renderAdmin('/admin/webhooks', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.com/site' }));
    expect(await screen.findByText('Webhook deleted successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminDeleteWebhook')).toEqual([{ id: 1 }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /hooks\.example\.com/ })).not.toBeInTheDocument());
  });
});
