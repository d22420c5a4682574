import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../components/notifications';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ImageUploader } from './upload-image';

// Whole screens in jsdom, driven keystroke by keystroke, take a few seconds each.
jest.setTimeout(30_000);

afterEach(() => toaster.remove());

function teamServer() {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminTeamMembers: (variables) => listAnswer('teamMembers', [], variables),
    AdminCreateTeamMember: () => ({ data: { createTeamMember: { __typename: 'TeamMember', id: 1 } } }),
  });
}

async function openAddMember(uploader: ImageUploader) {
  const server = teamServer();
  const view = renderAdmin('/admin/team-members', { server, uploader });
  await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /Add Team Member/ }));
  return { ...view, server };
}

const fileInput = () => screen.getByLabelText('Picture file') as HTMLInputElement;

describe('image upload in the team, news and client dialogs', () => {
  it('refuses a non-image before sending', async () => {
    const uploader = jest.fn<ImageUploader>();
    await openAddMember(uploader);
    const user = userEvent.setup({ applyAccept: false, delay: null });
    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
    expect(uploader).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB before sending', async () => {
    const uploader = jest.fn<ImageUploader>();
    await openAddMember(uploader);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.setup({ delay: null }).upload(fileInput(), big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Maximum file size is 10MB')).toBeInTheDocument();
    expect(uploader).not.toHaveBeenCalled();
  });

  it('shows progress, then the uploaded URL with a preview, and saves it', async () => {
    let report: (fraction: number) => void = () => {};
    let finish: (url: string) => void = () => {};
    const uploader: ImageUploader = (_file, onProgress) => {
      report = onProgress ?? report;
      return new Promise((resolve) => {
        finish = resolve;
      });
    };
    const { server } = await openAddMember(uploader);
    const user = userEvent.setup({ delay: null });
    await user.upload(fileInput(), new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    act(() => report(0.5));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    act(() => finish('/uploads/face-123.png'));

    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(screen.getByText(/Image uploaded:/)).toHaveTextContent('Image uploaded: /uploads/face-123.png');
    expect(screen.getByRole('img', { name: 'Picture preview' })).toHaveAttribute('src', '/uploads/face-123.png');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Layla Haddad');
    await user.type(screen.getByRole('textbox', { name: /Position/ }), 'Senior Consultant');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team member added successfully')).toBeInTheDocument();
    expect(server.callsOf('AdminCreateTeamMember')[0]).toEqual({
      input: { name: 'Layla Haddad', position: 'Senior Consultant', pictureUrl: '/uploads/face-123.png', altText: null, brief: null }, // no displayOrder: a new member goes last
    });
  });

  it("asks for a picture when none was uploaded", async () => {
    await openAddMember(jest.fn<ImageUploader>());
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Picture is required: upload an image')).toBeInTheDocument();
  });

  it("shows the server's reason as 'Upload failed'", async () => {
    const refusal = gqlError('BAD_USER_INPUT', 'Please select an image file');
    await openAddMember(async () => {
      throw new CombinedGraphQLErrors(refusal);
    });
    await userEvent.setup({ delay: null }).upload(fileInput(), new File(['fake'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
  });

  it("falls back to 'Failed to upload image' when the server gave no reason", async () => {
    await openAddMember(async () => {
      throw new Error('Network error');
    });
    await userEvent.setup({ delay: null }).upload(fileInput(), new File(['x'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload image')).toBeInTheDocument();
  });
});
