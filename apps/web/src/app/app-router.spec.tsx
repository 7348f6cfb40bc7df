import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberAccessGrant } from '@/features/gate';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { AppProviders } from './app-providers';
import { AppRouter } from './app-router';
import { routes } from './routes';

/** The app at `path` as main.tsx renders it, with a router the test can watch being created. */
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  let created: ReturnType<typeof createMemoryRouter> | undefined;
  // Created once and returned after, as main.tsx's.
  const router = vi.fn(() => (created ??= createMemoryRouter(routes, { initialEntries: [path] })));
  render(
    <AppProviders>
      <AppRouter router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppRouter', () => {
  it('shows a first visitor the gate without creating the router, so no screen is fetched', async () => {
    const { router } = renderAt('/');

    expect(await screen.findByLabelText('Access code')).toBeTruthy();
    expect(router).not.toHaveBeenCalled();
  });

  it('creates the router once the gate lets the visitor through, at the address they came to', async () => {
    mockFetch(jsonResponse(200, { granted: true }));
    const { router, user } = renderAt('/explore');

    await user.type(await screen.findByLabelText('Access code'), 'datebook');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(screen.queryByLabelText('Access code')).toBeNull();
    expect(router).toHaveBeenCalled();
  });

  it('goes straight to the router for a remembered grant', async () => {
    rememberAccessGrant();
    const { router } = renderAt('/explore');

    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(router).toHaveBeenCalled();
  });

  it('does not stand in front of shared plans', async () => {
    renderAt('/plan/shared/ada/12');

    expect(await screen.findByRole('heading', { name: 'Shared plan' })).toBeTruthy();
    expect(screen.queryByLabelText('Access code')).toBeNull();
  });
});
