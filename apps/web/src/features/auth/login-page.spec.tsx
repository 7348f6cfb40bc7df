import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@datebook/contracts';
import { currentSession } from '@/features/session';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { authSession, ownProfile } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

// The live socket is the stack's business (e2e); here it never connects.
vi.mock('@/lib/live-socket', () => ({ openLiveSocket: () => new Promise(() => undefined) }));

const factor = {
  id: 'factor-1',
  friendlyName: null,
  factorType: 'totp',
  status: 'verified',
  createdAt: '',
} as const;

async function logIn(path: string, password = 'correct horse') {
  const app = renderApp(path);
  await app.user.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
  await app.user.type(screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Log In' }));
  return app;
}

describe('logging in', () => {
  it('shows the service message inline and stays signed out', async () => {
    mockApiRoutes({
      'POST /api/auth/token': errorResponse(401, 'UNAUTHENTICATED', messages.auth.invalidCredentials),
    });
    await logIn('/login', 'wrong');

    const message = await screen.findByText(messages.auth.invalidCredentials);
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(currentSession.getSnapshot()).toBeNull();
  });

  it('goes back where the member was going, signed in', async () => {
    const fetchMock = mockApiRoutes({
      'POST /api/auth/token': jsonResponse(200, authSession()),
      'GET /api/profiles/me': jsonResponse(200, ownProfile()),
    });
    const { router } = await logIn('/login?redirect=%2Faccount');

    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    expect(sentBodies(fetchMock, 'POST /api/auth/token')).toEqual([
      { email: 'Ada@Example.com', password: 'correct horse' },
    ]);
    const profileRequest = fetchMock.mock.calls.find(([url]) => url === '/api/profiles/me');
    expect(new Headers(profileRequest?.[1]?.headers).get('Authorization')).toBe('Bearer access-token');
  });

  it('asks for the TOTP code when the account has a factor, and only then signs in', async () => {
    const fetchMock = mockApiRoutes({
      'POST /api/auth/token': jsonResponse(
        200,
        authSession({ nextAal: 'aal2', user: { ...authSession().user, factors: [factor] } }),
      ),
      'POST /api/auth/factors/factor-1/challenge': jsonResponse(200, { id: 'challenge-1', expiresAt: 0 }),
      'POST /api/auth/factors/factor-1/verify': jsonResponse(
        200,
        authSession({
          accessToken: 'aal2-token',
          aal: 'aal2',
          nextAal: 'aal2',
        }),
      ),
      'GET /api/profiles/me': jsonResponse(200, ownProfile()),
    });
    const { user, router } = await logIn('/login?redirect=%2Faccount');

    const code = await screen.findByLabelText('Authentication code');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/auth/factors/factor-1/verify')).toEqual([
      { challengeId: 'challenge-1', code: '123456' },
    ]);
    expect(currentSession.getSnapshot()?.aal).toBe('aal2');
  });

  it('shows a wrong TOTP code under the field', async () => {
    mockApiRoutes({
      'POST /api/auth/token': jsonResponse(
        200,
        authSession({ nextAal: 'aal2', user: { ...authSession().user, factors: [factor] } }),
      ),
      'POST /api/auth/factors/factor-1/challenge': jsonResponse(200, { id: 'challenge-1', expiresAt: 0 }),
      'POST /api/auth/factors/factor-1/verify': errorResponse(
        400,
        'VALIDATION_FAILED',
        messages.errors.validation,
        [{ path: 'code', message: messages.auth.mfaCodeInvalid }],
      ),
    });
    const { user } = await logIn('/login');

    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(messages.auth.mfaCodeInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
  });
});
