import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@datebook/contracts';
import { RouteErrorPage } from '@/features/errors';
import { renderApp, signedInAs } from '@/testing/render-app';

const currentUrl = (router: ReturnType<typeof renderApp>['router']) => {
  const { pathname, search } = router.state.location;
  return pathname + search;
};

describe('route access rules', () => {
  it.each([
    ['/saved', '/login?redirect=%2Fsaved'],
    ['/saved/planned', '/login?redirect=%2Fsaved%2Fplanned'],
    ['/account', '/login?redirect=%2Faccount'],
    ['/create/crop', '/login?redirect=%2Fcreate%2Fcrop'],
    ['/plan/preview', '/login?redirect=%2Fplan%2Fpreview'],
    ['/ada/collections/Summer?sort=new', '/login?redirect=%2Fada%2Fcollections%2FSummer%3Fsort%3Dnew'],
    ['/', '/login'],
  ])('sends a visitor from %s to log in, remembering the way back', async (path, expected) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(currentUrl(router)).toBe(expected);
  });

  it('keeps the way back on the link from log in to sign up', async () => {
    renderApp('/login?redirect=%2Fsaved');
    const signUp = await screen.findByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe('/signup?redirect=%2Fsaved');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('drops a way back that leads off the site', async () => {
    renderApp('/login?redirect=%2F%2Fevil.example');
    expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/signup');
  });

  it('lets a member into member screens', async () => {
    renderApp('/saved', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Your Lists' })).toBeTruthy();
    expect(screen.getByText('Manage your collections, shared posts, and planned activities')).toBeTruthy();
  });

  it('sends anyone but an admin from the admin tools to home', async () => {
    const { router } = renderApp('/admin/post-tests', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/');
  });

  it('opens the admin tools to an admin, with every card size drawn', async () => {
    renderApp('/admin/post-tests', { session: signedInAs({ accessType: 'admin' }) });
    expect(await screen.findByRole('heading', { name: 'Admin Tools' })).toBeTruthy();
    for (const size of ['full', 'long', 'slim', 'compact']) {
      const cards = within(screen.getByRole('list', { name: `${size} cards` })).getAllByRole('article');
      expect([size, cards.length]).toEqual([size, 5]);
    }
    expect(screen.getAllByText('Following').length).toBeGreaterThan(0);
    expect(screen.getAllByText('3 mutual').length).toBeGreaterThan(0);
  });

  it.each([
    ['/bob/collections', '/ada/collections'],
    ['/bob/collections/Summer%20Ideas', '/ada/collections/Summer%20Ideas'],
  ])("replaces %s with the member's own collections", async (path, expected) => {
    const { router } = renderApp(path, { session: signedInAs({ username: 'ada' }) });
    await waitFor(() => expect(currentUrl(router)).toBe(expected));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a collection by its decoded name', async () => {
    renderApp('/ada/collections/Summer%20Ideas', { session: signedInAs({ username: 'ada' }) });
    expect(await screen.findByRole('heading', { name: 'Summer Ideas' })).toBeTruthy();
  });
});

describe('screens', () => {
  it('notifications are coming soon', async () => {
    renderApp('/notifications');
    expect(await screen.findByText(messages.pages.comingSoon)).toBeTruthy();
  });

  it('shared posts are coming soon for members', async () => {
    renderApp('/saved/shared', { session: signedInAs() });
    expect(await screen.findByText(messages.pages.comingSoon)).toBeTruthy();
  });

  it.each(['/no/such/page', '/date/abc', '/activity/12x'])(
    '%s is not found, with a way home',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: messages.pages.notFoundTitle })).toBeTruthy();
      expect(screen.getByRole('link', { name: messages.pages.goHome }).getAttribute('href')).toBe('/');
    },
  );

  it('opens a date by its numeric id', async () => {
    renderApp('/date/42');
    expect(await screen.findByRole('heading', { name: 'Date' })).toBeTruthy();
  });

  it('shows the unexpected error page with the message when a route throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: messages.pages.unexpectedError })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
  });
});

describe('header and navigation', () => {
  it('gives a visitor the header icons, Explore and Log In / Sign Up, but not Home or Saved', async () => {
    renderApp('/explore');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText(`v${__APP_VERSION__}`)).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Newsletter signup' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Send feedback' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Notifications' })).toBeTruthy();

    const primary = screen.getByRole('navigation', { name: 'Primary' });
    expect(
      within(primary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Explore']);
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Log In', 'Sign Up']);
    const bottom = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Explore', 'Log In']);
  });

  it('gives a member Home, Explore, Create, Saved and You, and the avatar menu', async () => {
    const signOut = vi.fn(() => Promise.resolve());
    const { user } = renderApp('/explore', { session: signedInAs({ username: 'ada' }, signOut) });

    const bottom = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Explore', 'Create', 'Saved', 'You']);
    const primary = screen.getByRole('navigation', { name: 'Primary' });
    expect(
      within(primary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Explore', 'Saved']);

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Account', 'Log Out']);
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'My Account' }));

    await user.keyboard('{ArrowDown}{Enter}');
    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows an admin only the admin tools link instead of the icons', async () => {
    renderApp('/explore', { session: signedInAs({ accessType: 'admin' }) });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Admin tools' }).getAttribute('href')).toBe(
      '/admin/post-tests',
    );
    expect(within(header).queryByRole('button', { name: 'Newsletter signup' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Notifications' })).toBeNull();
  });
});
