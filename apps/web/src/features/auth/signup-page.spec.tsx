import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@datebook/contracts';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

async function signUp() {
  const app = renderApp('/signup?redirect=%2Fsaved');
  await app.user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await app.user.type(screen.getByLabelText('Username'), 'ada');
  await app.user.type(screen.getByLabelText('Password'), 'correct horse');
  await app.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return app;
}

const taken = (path: 'email' | 'username') =>
  errorResponse(409, 'CONFLICT', messages.auth.userAlreadyRegistered, [
    { path, message: messages.auth.userAlreadyRegistered },
  ]);

describe('signing up', () => {
  it('tells the member to confirm by e-mail and moves on to log in', async () => {
    const fetchMock = mockApiRoutes({
      'POST /api/auth/signup': jsonResponse(201, { message: messages.auth.signUpSuccess }),
    });
    const { router } = await signUp();

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(messages.auth.signUpSuccess);
    expect(router.state.location.search).toBe('?redirect=%2Fsaved');
    expect(sentBodies(fetchMock, 'POST /api/auth/signup')).toEqual([
      { email: 'ada@example.com', username: 'ada', password: 'correct horse' },
    ]);
  });

  it('alerts that the e-mail already has an account', async () => {
    mockApiRoutes({ 'POST /api/auth/signup': taken('email') });
    await signUp();

    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.emailAlreadyRegistered);
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeTruthy();
  });

  it('puts a taken username under the username field', async () => {
    mockApiRoutes({ 'POST /api/auth/signup': taken('username') });
    await signUp();

    expect(await screen.findByText(messages.auth.userAlreadyRegistered)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });
});
