import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { authSession } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const refused = (message: string) => ({
  'POST /api/auth/verify': errorResponse(401, 'UNAUTHENTICATED', message),
});

describe('a link that no longer works', () => {
  it('says an already used confirmation link is spent in sign-in words, and offers to log in', async () => {
    mockApiRoutes(refused(messages.auth.confirmationLinkUsed));
    renderApp('/auth/confirm?token_hash=spent&type=signup&next=%2Flogin');

    expect(await screen.findByRole('heading', { name: 'Confirm Email' })).toBeTruthy();
    expect(screen.getByText(messages.auth.confirmationLinkUsed)).toBeTruthy();
    expect(screen.queryByText(/reset/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('offers a new reset link when a password-reset link fails', async () => {
    mockApiRoutes(refused(messages.auth.tokenInvalid));
    renderApp('/auth/confirm?token_hash=old&type=recovery&next=%2Fforgot-password');

    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByText(messages.auth.tokenInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('an e-mail change undone', () => {
  it('restores the address and goes on to set a new password', async () => {
    mockApiRoutes({
      'POST /api/auth/verify': jsonResponse(200, {
        session: authSession(),
        message: messages.auth.emailChangeUndone,
      }),
    });
    renderApp('/auth/confirm?token_hash=undo&type=email_change_undo&next=%2Flogin');

    expect(await screen.findByText('Set a new password for your account.')).toBeTruthy();
    expect(screen.getByText(messages.auth.emailChangeUndone)).toBeTruthy();
  });
});

describe('a sign-up confirmed', () => {
  it('says so on the login screen itself, not in a toast that would outlive it', async () => {
    mockApiRoutes({
      'POST /api/auth/verify': jsonResponse(200, { session: null, message: messages.auth.emailConfirmed }),
    });
    renderApp('/auth/confirm?token_hash=fresh&type=signup&next=%2Flogin');

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(within(main).getByRole('status').textContent).toBe(messages.auth.emailConfirmed);
    expect(screen.getAllByText(messages.auth.emailConfirmed)).toHaveLength(1);
  });
});
