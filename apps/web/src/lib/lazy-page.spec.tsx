import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@datebook/contracts';
import { lazyPage } from './lazy-page';

function ExplorePage() {
  return <h1>Explore</h1>;
}

/** A screen module whose fetch fails `failures` times (the network is down), then succeeds. */
function flakyModule(failures: number) {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ ExplorePage });
  });
  return load;
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function renderRoute(load: () => Promise<{ ExplorePage: typeof ExplorePage }>) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav aria-label="Primary">frame</nav>
            <Outlet />
          </>
        ),
        errorElement: <p>{messages.pages.unexpectedError}</p>,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ path: '/explore', lazy: lazyPage(load, 'ExplorePage') }],
      },
    ],
    { initialEntries: ['/explore'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyPage', () => {
  it('shows the screen when its code loads', async () => {
    renderRoute(flakyModule(0));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
  });

  it('offline, says the screen needs a connection inside the frame, and shows it once back online', async () => {
    setOnline(false);
    const load = flakyModule(1);
    renderRoute(load);

    expect(
      await screen.findByRole('heading', { name: messages.connection.pageNeedsConnection }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBeTruthy();
    expect(screen.queryByText(messages.pages.unexpectedError)).toBeNull();

    act(() => setOnline(true));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again shortly when the first fetch after the online event still fails', async () => {
    setOnline(false);
    const load = flakyModule(2);
    renderRoute(load);
    await screen.findByRole('heading', { name: messages.connection.pageNeedsConnection });

    act(() => setOnline(true));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(messages.connection.pageUnavailable)).toBeNull();
  });

  it('tries again on a tap, and keeps saying so while the connection is still down', async () => {
    setOnline(false);
    const load = flakyModule(2);
    renderRoute(load);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: messages.connection.tryAgain }));
    expect(
      await screen.findByRole('heading', { name: messages.connection.pageNeedsConnection }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: messages.connection.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
  });

  it('online, when the code is gone after a deploy, offers a reload instead of the error page', async () => {
    const load = flakyModule(Infinity);
    renderRoute(load);

    expect(await screen.findByRole('heading', { name: messages.connection.pageUnavailable })).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.connection.reload })).toBeTruthy();
    expect(screen.queryByText(messages.pages.unexpectedError)).toBeNull();
  });
});
