import { useEffect, useRef } from 'react';

/** Where Ctrl/Cmd+Z belongs to the browser's own text undo, or to an open dialog. */
function ownsUndoKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="dialog"]') !== null
  );
}

/**
 * Ctrl+Z (Cmd+Z on a Mac) anywhere on the editor undoes the member's own last edit — except while
 * typing in a field, where it keeps undoing the typing as everywhere else.
 */
export function useUndoShortcut(undo: () => Promise<void>, enabled: boolean) {
  const latest = useRef(undo);
  useEffect(() => {
    latest.current = undo;
  }, [undo]);
  useEffect(() => {
    if (!enabled) {
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const isUndo =
        (event.ctrlKey || event.metaKey) &&
        !event.shiftKey &&
        !event.altKey &&
        event.key.toLowerCase() === 'z';
      if (!isUndo || event.defaultPrevented || ownsUndoKeys(event.target)) {
        return;
      }
      event.preventDefault();
      void latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
