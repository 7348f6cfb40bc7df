import type { RefObject } from 'react';

/**
 * The first stop for keyboard users: jumps past the header to the content. It focuses the target
 * directly, since a fragment link would be taken for a navigation by the router.
 */
export function SkipLink({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
