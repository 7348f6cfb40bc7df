import type { ComponentType } from 'react';

/**
 * A route's `lazy` loader for a screen exported as `name` from a module: every screen is its own
 * chunk, fetched on first visit, so the first load carries only the shell.
 */
export function lazyPage<TModule extends Record<TName, ComponentType>, TName extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TName,
) {
  return async () => ({ Component: (await load())[name] });
}
