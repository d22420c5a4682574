import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// altText comes to the admin from its one declaration in the content model: a field in the
// dialog, checked before sending with the server's rule and message, and sent with the record.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const brand = {
  __typename: 'Brand', id: 4, version: 1, name: 'Acme', logoUrl: 'https://example.com/acme.png', altText: 'Acme wordmark',
  websiteUrl: 'https://acme.example.com', description: null, displayOrder: 0,
};

describe('the alt text field', () => {
  it('is prefilled, limited to 300 characters and sent with the brand', async () => {
    const server = fakeServer({
      AdminMe: SIGNED_IN,
      AdminBrands: (variables) => listAnswer('brands', [brand], variables),
      AdminUpdateBrand: ({ id }) => ({ data: { updateBrand: { __typename: 'Brand', id } } }),
    });
    renderAdmin('/admin/brands', { server });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Acme' }));
    const alt = within(screen.getByRole('dialog')).getByRole('textbox', { name: /Logo Alt Text/ });
    expect(alt).toHaveValue('Acme wordmark');

    await user.clear(alt);
    await user.click(alt);
    await user.paste('x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alt text must be at most 300 characters')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateBrand')).toHaveLength(0);

    await user.clear(alt);
    await user.type(alt, 'Acme logo: a blue triangle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand updated successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminUpdateBrand')[0]).toMatchObject({ id: 4, expectedVersion: 1, input: { altText: 'Acme logo: a blue triangle' } });
  });
});
