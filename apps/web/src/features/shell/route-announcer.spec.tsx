import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './route-announcer';

function Frame() {
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <nav>
        <Link to="/profile">Header profile</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer main={main} />
    </>
  );
}

function Home() {
  return (
    <>
      <h1>Home</h1>
      <Link to="/profile">Profile</Link>
      <Link to="/slow">Slow</Link>
    </>
  );
}

/** A screen whose heading shows only once its data has come. */
function Slow() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1>Loaded screen</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      Finish loading
    </button>
  );
}

function renderScreens() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/profile', element: <h1>Sam Lee</h1> },
          { path: '/slow', element: <Slow /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the route announcer', () => {
  it('leaves focus alone on the first screen', () => {
    renderScreens();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new screen’s h1 and announces its title', async () => {
    const user = userEvent.setup();
    renderScreens();
    await user.click(screen.getByRole('link', { name: 'Profile' }));

    const heading = await screen.findByRole('heading', { name: 'Sam Lee' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Sam Lee');
  });

  it('moves focus from the header link that stays to the new screen’s h1', async () => {
    const user = userEvent.setup();
    renderScreens();
    await user.click(screen.getByRole('link', { name: 'Header profile' }));

    const heading = await screen.findByRole('heading', { name: 'Sam Lee' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('waits on the content for a heading that comes with the data, then moves there', async () => {
    const user = userEvent.setup();
    renderScreens();
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));

    screen.getByRole('button', { name: 'Finish loading' }).click();
    const heading = await screen.findByRole('heading', { name: 'Loaded screen' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps focus in an open dialog', async () => {
    const user = userEvent.setup();
    const router = renderScreens();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    const inside = document.createElement('button');
    dialog.append(inside);
    document.body.append(dialog);
    inside.focus();

    await user.click(screen.getByRole('link', { name: 'Profile' }));
    inside.focus();
    await router.navigate('/');
    await screen.findByRole('heading', { name: 'Home' });
    expect(document.activeElement).toBe(inside);
    dialog.remove();
  });
});
