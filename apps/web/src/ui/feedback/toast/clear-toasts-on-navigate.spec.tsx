import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClearToastsOnNavigate } from './clear-toasts-on-navigate';
import { ToastProvider } from './toast-provider';
import { CARRY_OVER_MS } from './toast-lifetime';
import { useToast } from './use-toast';

function Frame() {
  return (
    <>
      <Outlet />
      <ClearToastsOnNavigate />
    </>
  );
}

function Screen({ name }: { name: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <button type="button" onClick={() => toast.success('Saved')}>
        Save
      </button>
      <button type="button" onClick={() => toast.success('New version', { persistent: true })}>
        Announce
      </button>
      <button
        type="button"
        onClick={() => {
          toast.success('Post deleted');
          void navigate('/b');
        }}
      >
        Delete and leave
      </button>
      <Link to="/b">To B</Link>
      <Link to="/a?tab=users">Users tab</Link>
    </>
  );
}

function renderScreens() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/a', element: <Screen name="A" /> },
          { path: '/b', element: <Screen name="B" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return user;
}

const toastText = (text: string) => screen.queryByRole('status')?.textContent?.includes(text) ?? false;

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts and navigation', () => {
  it('clears a toast that was on screen when the member went to another screen', async () => {
    const user = renderScreens();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastText('Saved')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(CARRY_OVER_MS + 500);
    });

    await user.click(screen.getByRole('link', { name: 'To B' }));
    await screen.findByRole('heading', { name: 'B' });
    expect(toastText('Saved')).toBe(false);
  });

  it('keeps a toast raised together with the navigation, then clears it on the next one', async () => {
    const user = renderScreens();
    await user.click(screen.getByRole('button', { name: 'Delete and leave' }));
    await screen.findByRole('heading', { name: 'B' });
    expect(toastText('Post deleted')).toBe(true);

    act(() => {
      vi.advanceTimersByTime(CARRY_OVER_MS + 500);
    });
    await user.click(screen.getByRole('link', { name: 'Users tab' }));
    await screen.findByRole('heading', { name: 'A' });
    expect(toastText('Post deleted')).toBe(false);
  });

  it('keeps a persistent toast across screens: it is about the app, not the screen', async () => {
    const user = renderScreens();
    await user.click(screen.getByRole('button', { name: 'Announce' }));
    act(() => {
      vi.advanceTimersByTime(CARRY_OVER_MS + 500);
    });

    await user.click(screen.getByRole('link', { name: 'To B' }));
    await screen.findByRole('heading', { name: 'B' });
    expect(toastText('New version')).toBe(true);
  });

  it('keeps toasts when only the query changes (a tab of the same screen)', async () => {
    const user = renderScreens();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => {
      vi.advanceTimersByTime(CARRY_OVER_MS + 500);
    });
    await user.click(screen.getByRole('link', { name: 'Users tab' }));
    expect(toastText('Saved')).toBe(true);
  });
});
