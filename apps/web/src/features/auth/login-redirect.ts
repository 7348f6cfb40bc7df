import { webRoutes } from '@datebook/contracts';

/** The query parameter that carries where to go back to after logging in. */
const REDIRECT_PARAM = 'redirect';

interface Origin {
  pathname: string;
  search: string;
  hash: string;
}

/** The login screen, remembering `origin` so logging in can return there. Home is the default. */
export function loginPathFor(origin: Origin): string {
  const target = origin.pathname + origin.search + origin.hash;
  return withRedirect(webRoutes.login, target === webRoutes.home ? null : target);
}

/** `path` carrying `target` along, e.g. from the login screen to the sign-up screen. */
export function withRedirect(path: string, target: string | null): string {
  return target ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}` : path;
}

/** The remembered target, if it is a path on this site. */
export function readRedirectTarget(search: URLSearchParams): string | null {
  return localPathOrNull(search.get(REDIRECT_PARAM));
}

/**
 * `target` if it is a path on this site, else null. Anything else is dropped: following an arbitrary
 * URL from a query string would make us an open redirect.
 */
export function localPathOrNull(target: string | null): string | null {
  const isLocalPath = target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return isLocalPath ? target : null;
}
