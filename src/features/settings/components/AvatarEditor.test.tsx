import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES } from '@/domain/images';
import { AvatarEditor, type AvatarEditorProps } from './AvatarEditor';

const api = vi.hoisted(() => ({
  uploadAvatar: vi.fn<(picture: Blob) => Promise<string>>(),
  removeAvatar: vi.fn<() => Promise<void>>(),
}));
vi.mock('../api', () => api);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function renderEditor(props: AvatarEditorProps) {
  const router = createMemoryRouter(
    [{ path: '/user-settings', Component: () => <AvatarEditor {...props} /> }],
    { initialEntries: ['/user-settings'] },
  );
  render(<RouterProvider router={router} />);
}

// A person can pick "All files" in the system dialog, so the accept filter is not relied on.
const person = () => userEvent.setup({ applyAccept: false });

describe('AvatarEditor', () => {
  beforeEach(() => {
    api.uploadAvatar.mockReset();
    api.removeAvatar.mockReset();
  });

  it('shows initials without a photo and offers PNG, JPEG and WebP files', async () => {
    renderEditor({ avatarUrl: null, name: 'Anna Berg' });

    expect(await screen.findByRole('img', { name: 'No photo yet' })).toHaveTextContent('AB');
    const input = screen.getByLabelText('Choose a photo');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(input).toHaveAccessibleDescription(
      'PNG, JPEG or WebP, up to 2 MB. You choose the square that shows.',
    );
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'an SVG',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' }),
      'an SVG drawing',
    ],
    [
      'HTML named .png',
      new File(['<!doctype html><p>hi</p>'], 'me.png', { type: 'image/png' }),
      'an HTML page',
    ],
  ])('refuses %s with a sentence naming its type and uploads nothing', async (_case, file, kind) => {
    const user = person();
    renderEditor({ avatarUrl: null, name: 'Anna' });

    await user.upload(await screen.findByLabelText('Choose a photo'), file);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The avatar must be a PNG, JPEG or WebP image; this file is ${kind}.`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.uploadAvatar).not.toHaveBeenCalled();
  });

  it('refuses a picture over 2 MB before reading it further', async () => {
    const user = person();
    renderEditor({ avatarUrl: null, name: 'Anna' });
    const bytes = new Uint8Array(AVATAR_MAX_BYTES + 1);
    bytes.set(PNG_SIGNATURE);

    await user.upload(
      await screen.findByLabelText('Choose a photo'),
      new File([bytes], 'big.png', { type: 'image/png' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The avatar must be 2 MB or smaller; this file is 2.1 MB.',
    );
  });

  it('removes the photo and shows the initials again', async () => {
    const user = person();
    api.removeAvatar.mockResolvedValue();
    renderEditor({ avatarUrl: 'https://fitstreak.example/parse/files/app/x.webp', name: 'Anna Berg' });
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      'https://fitstreak.example/parse/files/app/x.webp',
    );

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your photo is removed.'));
    expect(screen.getByRole('img', { name: 'No photo yet' })).toHaveTextContent('AB');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('says why a removal failed, as a sentence', async () => {
    const user = person();
    api.removeAvatar.mockRejectedValue(Object.assign(new Error('x'), { code: 209 }));
    renderEditor({ avatarUrl: 'https://fitstreak.example/a.webp', name: 'Anna' });

    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
    expect(screen.getByRole('img', { name: 'Your photo' })).toBeInTheDocument();
  });
});
