import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '../types';
import { ProfileForm } from './ProfileForm';
import type { SettingsActionResult } from '../actionResult';

const ADA: Profile = { username: 'ada', email: 'ada@example.com', displayName: 'Ada', emailVerified: false };

function renderForm(profile: Profile, linkOutcome?: string) {
  const posted = vi.fn<(form: FormData) => void>();
  const router = createMemoryRouter(
    [
      {
        path: '/user-settings',
        Component: () => <ProfileForm profile={profile} linkOutcome={linkOutcome ?? null} />,
        action: async ({ request }): Promise<SettingsActionResult> => {
          posted(await request.formData());
          return { kind: 'saved', notice: 'The verification mail is on its way.' };
        },
      },
    ],
    { initialEntries: ['/user-settings'] },
  );
  render(<RouterProvider router={router} />);
  return posted;
}

describe('ProfileForm', () => {
  it('offers to send the mail again to an address that is not verified yet', async () => {
    const user = userEvent.setup();
    const posted = renderForm(ADA);

    expect(await screen.findByText(/ada@example.com is not verified yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the mail again' }));

    expect(await screen.findByText('The verification mail is on its way.')).toBeVisible();
    const form = posted.mock.calls[0]?.[0];
    expect(form?.get('intent')).toBe('resendVerification');
    expect(form?.get('email')).toBe('ada@example.com');
  });

  it('says a verified address is verified, and what the mailed link did', async () => {
    renderForm({ ...ADA, emailVerified: true }, 'email-verified');

    expect(await screen.findByLabelText('E-mail')).toHaveAccessibleDescription('Verified.');
    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is verified.');
    expect(screen.queryByRole('button', { name: 'Send the mail again' })).toBeNull();
  });

  it('shows no sentence for a notice it does not know', async () => {
    renderForm(ADA, 'something-else');

    expect(await screen.findByRole('status')).toHaveTextContent('');
  });
});
