import { useLayoutEffect, type RefObject } from 'react';
import { focusableElements } from './focusable';

/** Live regions stay outside the modal's inert background so their messages are still announced. */
export const KEEP_INTERACTIVE_ATTRIBUTE = 'data-keep-interactive';

/**
 * Makes `layer` modal while mounted: everything else in the page becomes inert (no clicks, no focus,
 * hidden from assistive technology), the page stops scrolling, focus moves to the first control in
 * `initialFocusWithin`, and returns to whatever had it when the modal closes.
 */
export function useModal(
  layer: RefObject<HTMLElement | null>,
  initialFocusWithin: RefObject<HTMLElement | null>,
) {
  useLayoutEffect(() => {
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

    const target = initialFocusWithin.current;
    if (target) {
      (focusableElements(target)[0] ?? target).focus();
    }

    return () => {
      background.forEach((element) => element.removeAttribute('inert'));
      document.body.style.overflow = previousOverflow;
      // Only after the background is interactive again: an inert element refuses focus.
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, [layer, initialFocusWithin]);
}

/** Keeps Tab and Shift+Tab cycling inside `container`, as a modal dialog must. */
export function trapTabKey(
  event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>,
  container: HTMLElement,
) {
  const focusable = focusableElements(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
