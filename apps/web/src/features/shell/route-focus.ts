/** How long a new screen has to show its heading (its data may still be loading) before focus stays on the content. */
export const HEADING_WAIT_MS = 5_000;

function dialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * Focus is still where the navigation left it: on nothing, on the content frame, or on the control
 * outside the content that was used to get here (a header or bottom-bar link, which stays). Focus
 * inside the new screen was put there by the screen itself.
 */
function focusIsUnclaimed(main: HTMLElement, leftOn: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === main || active === leftOn;
}

/**
 * Moves focus to the new screen's h1 once it shows (tabIndex -1 makes it focusable without adding
 * it to the Tab order) and hands its words to `announce`. Meanwhile focus waits on the content
 * itself, never on a link of the screen that is gone. A screen that has already put focus somewhere
 * (a form's first error, a step's own heading) and an open dialog keep theirs. Answers a cleanup.
 */
export function focusNewScreen(main: HTMLElement, announce: (title: string) => void): () => void {
  const active = document.activeElement;
  const leftOn = active && !main.contains(active) ? active : null;
  if (!dialogIsOpen() && focusIsUnclaimed(main, leftOn)) {
    main.focus({ preventScroll: true });
  }
  const settle = (heading: HTMLElement | null) => {
    stop();
    if (heading && !dialogIsOpen() && focusIsUnclaimed(main, leftOn)) {
      if (!heading.hasAttribute('tabindex')) {
        heading.tabIndex = -1;
      }
      heading.focus({ preventScroll: true });
    }
    announce(heading?.textContent?.trim() || document.title);
  };
  const look = () => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      settle(heading);
    }
  };
  const observer = new MutationObserver(look);
  const timer = window.setTimeout(() => settle(null), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  look();
  return stop;
}
