import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, signUpRequestSchema } from '@datebook/contracts';
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
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      messages.auth.signUpSuccess,
    );
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

  it('asks for a password, not a new one, when the form is sent without it', async () => {
    // The issue the api sends is the contract's own: the schema the api validates with makes it.
    const parsed = signUpRequestSchema.safeParse({ email: 'ada@example.com', username: 'ada', password: '' });
    const issues = (parsed.error?.issues ?? []).map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    mockApiRoutes({
      'POST /api/auth/signup': errorResponse(400, 'VALIDATION_FAILED', messages.errors.validation, issues),
    });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.auth.choosePassword)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(messages.auth.enterNewPassword)).toBeNull();
  });

  it('puts a taken username under the username field', async () => {
    mockApiRoutes({ 'POST /api/auth/signup': taken('username') });
    await signUp();

    expect(await screen.findByText(messages.auth.userAlreadyRegistered)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });
});
