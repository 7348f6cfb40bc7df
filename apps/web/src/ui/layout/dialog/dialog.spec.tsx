import { useState, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A page with a button that opens a dialog holding `content`, as every screen uses one. */
function PageWithDialog({ content }: { content: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Following" onClose={close}>
          {content(close)}
        </Dialog>
      )}
    </main>
  );
}

function openDialog(content: (close: () => void) => ReactNode) {
  const user = userEvent.setup();
  render(<PageWithDialog content={content} />);
  return { user, opener: screen.getByRole('button', { name: 'Open' }) };
}

const twoButtons = () => (
  <>
    <button type="button">First</button>
    <button type="button">Last</button>
  </>
);

/** A row whose button removes it, as Unfollow removes its member from the list. */
function RemovableRow() {
  const [shown, setShown] = useState(true);
  return shown ? (
    <button type="button" onClick={() => setShown(false)}>
      Unfollow
    </button>
  ) : (
    <p>Not following anyone</p>
  );
}

describe('Dialog', () => {
  it('moves focus to its first control, and makes the page behind it inert', async () => {
    const { user, opener } = openDialog(twoButtons);
    await user.click(opener);

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('dialog', { name: 'Following' }).getAttribute('aria-modal')).toBe('true');
    expect(opener.closest('[inert]')).not.toBeNull();
  });

  it('moves focus to the dialog itself while it holds no control yet', async () => {
    const { user, opener } = openDialog(() => <p role="status">Loading...</p>);
    await user.click(opener);

    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Following' }));
  });

  it('keeps Tab and Shift+Tab inside, wrapping at both ends', async () => {
    const { user, opener } = openDialog(twoButtons);
    await user.click(opener);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
  });

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    const { user, opener } = openDialog(twoButtons);
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('still closes on Escape, and brings Tab back inside, after the focused control is removed', async () => {
    const { user, opener } = openDialog(() => <RemovableRow />);
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(document.activeElement).toBe(document.body);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its Close button and from a click on the backdrop', async () => {
    const { user, opener } = openDialog(twoButtons);
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) {
      throw new Error('The dialog has no backdrop');
    }
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only the innermost of two dialogs on Escape, then returns focus inside the outer one', async () => {
    function Nested() {
      const [confirming, setConfirming] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
          {confirming && (
            <Dialog title="Delete this?" onClose={() => setConfirming(false)}>
              <button type="button">Cancel</button>
            </Dialog>
          )}
        </>
      );
    }
    const { user, opener } = openDialog(() => <Nested />);
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete this?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Following' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});
