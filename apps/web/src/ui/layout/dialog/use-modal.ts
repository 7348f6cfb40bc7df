import { useLayoutEffect, useRef, type RefObject } from 'react';
import { focusableElements } from './focusable';

/** Live regions stay outside the modal's inert background so their messages are still announced. */
export const KEEP_INTERACTIVE_ATTRIBUTE = 'data-keep-interactive';

/**
 * The open modals' panels, innermost last. Only the innermost answers Escape and keeps Tab: a
 * confirmation opened from a dialog closes alone.
 */
const openPanels: HTMLElement[] = [];

interface ModalElements {
  /** The element portalled into the body: everything else in the body becomes inert. */
  layer: RefObject<HTMLElement | null>;
  /** The dialog itself, focusable (`tabIndex={-1}`): focus lands here when it holds no control yet. */
  panel: RefObject<HTMLElement | null>;
  /** Where the first control to focus on opening is looked for. */
  initialFocusWithin: RefObject<HTMLElement | null>;
}

/**
 * Makes a dialog modal while mounted: everything else in the page becomes inert (no clicks, no focus,
 * hidden from assistive technology) and stops scrolling; focus moves to the first control in
 * `initialFocusWithin`, or to the panel while there is none (a list still loading); Tab and Shift+Tab
 * cycle inside the panel; Escape calls `onClose`; and focus returns to the opener on close.
 *
 * Escape and Tab are heard on the document, not on the panel, so they still work when the focused
 * control has just been removed (an unfollowed row) and focus fell back to the page's body.
 */
export function useModal({ layer, panel, initialFocusWithin }: ModalElements, onClose: () => void) {
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  useLayoutEffect(() => {
    const panelElement = panel.current;
    if (!panelElement) {
      return;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const background = Array.from(document.body.children).filter(
      (element) =>
        element !== layer.current &&
        !element.hasAttribute('inert') &&
        !element.hasAttribute(KEEP_INTERACTIVE_ATTRIBUTE),
    );
    background.forEach((element) => element.setAttribute('inert', ''));
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    openPanels.push(panelElement);

    const initial = initialFocusWithin.current;
    (initial ? focusableElements(initial)[0] : undefined)?.focus();
    if (!panelElement.contains(document.activeElement)) {
      panelElement.focus();
    }

    const handleKeyDown = (event: KeyboardEvent) => {
      if (openPanels.at(-1) !== panelElement || event.defaultPrevented || event.isComposing) {
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab') {
        trapTabKey(event, panelElement);
      }
    };
    document.addEventListener('keydown', handleKeyDown);

    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      openPanels.splice(openPanels.indexOf(panelElement), 1);
      background.forEach((element) => element.removeAttribute('inert'));
      document.body.style.overflow = previousOverflow;
      // Only after the background is interactive again: an inert element refuses focus.
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, [layer, panel, initialFocusWithin]);
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`, as a modal dialog must; focus that has left it
 * (its control was removed) comes back to the first or last control.
 */
function trapTabKey(event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>, container: HTMLElement) {
  const focusable = focusableElements(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (outside || active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
