import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { planLiveMessages } from '@datebook/contracts';
import { useUndoShortcut } from '../hooks/use-undo-shortcut';
import { UndoButton } from './undo-button';

function Editor({ canUndo, undo }: { canUndo: boolean; undo: () => Promise<void> }) {
  useUndoShortcut(undo, true);
  return (
    <>
      <UndoButton canUndo={canUndo} undo={undo} />
      <input aria-label="Title" />
      <textarea aria-label="Details" />
      <div role="dialog">
        <button type="button">In a dialog</button>
      </div>
    </>
  );
}

function renderEditor(canUndo = true) {
  const undo = vi.fn(() => Promise.resolve());
  const user = userEvent.setup();
  const view = render(<Editor canUndo={canUndo} undo={undo} />);
  return { undo, user, ...view };
}

describe('Undo', () => {
  it('is a button named for what it does, disabled when there is nothing to undo', async () => {
    const { undo, user, rerender } = renderEditor(false);
    const button = screen.getByRole('button', { name: planLiveMessages.undoLabel });
    expect(button.textContent).toBe(planLiveMessages.undo);
    expect(button).toHaveProperty('disabled', true);

    rerender(<Editor canUndo undo={undo} />);
    await user.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('answers Ctrl+Z and Cmd+Z on the page', async () => {
    const { undo, user } = renderEditor();
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Meta>}z{/Meta}');
    expect(undo).toHaveBeenCalledTimes(2);
  });

  it('leaves Ctrl+Z to text fields and dialogs, and ignores Ctrl+Shift+Z', async () => {
    const { undo, user } = renderEditor();
    await user.click(screen.getByLabelText('Title'));
    await user.keyboard('{Control>}z{/Control}');
    await user.click(screen.getByLabelText('Details'));
    await user.keyboard('{Meta>}z{/Meta}');
    screen.getByRole('button', { name: 'In a dialog' }).focus();
    await user.keyboard('{Control>}z{/Control}');
    document.body.focus();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(undo).not.toHaveBeenCalled();
  });
});
