import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { PageUnavailable } from '@/ui/feedback/page-unavailable';
import { useOnline } from './use-online';

/**
 * A route's `lazy` loader for a screen exported as `name` from a module: every screen is its own
 * chunk, fetched on first visit, so the first load carries only the shell.
 *
 * Fetching it can fail: offline before the service worker has cached it, or after a deploy removed
 * the file. The loader then never throws (the router would replace the whole app with its error
 * page): the route gets a stand-in that says so inside the app's frame and fetches the screen again
 * when the browser is back online or on a tap, then shows it, without a reload.
 */
export function lazyPage<TModule extends Record<TName, ComponentType>, TName extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TName,
) {
  const loadPage = async (): Promise<ComponentType> => (await load())[name];
  return async () => {
    try {
      return { Component: await loadPage() };
    } catch {
      return { Component: pageLoadedWhenOnline(loadPage) };
    }
  };
}

/** How often, and how far apart, a fetch that fails while online is tried again before it counts. */
const ONLINE_RETRIES = 2;
const ONLINE_RETRY_DELAY_MS = 1_000;

/**
 * The stand-in route component. The router keeps whatever `lazy` resolved to, so the stand-in
 * stays the route's component for the session and renders the screen itself once it has loaded.
 */
function pageLoadedWhenOnline(loadPage: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  return function PageLoadedWhenOnline() {
    const online = useOnline();
    const [Page, setPage] = useState(() => loaded);
    const [retrying, setRetrying] = useState(false);
    const [failedOnline, setFailedOnline] = useState(false);
    const pending = useRef<number | undefined>(undefined);

    const retry = useCallback(() => {
      window.clearTimeout(pending.current);
      setRetrying(true);
      const attempt = (attemptsLeft: number) => {
        reloadFailedStylesheets()
          .then(loadPage)
          .then(
            (page) => {
              loaded = page;
              setPage(() => page);
            },
            () => {
              // The online event often comes before requests get through (a network still joining):
              // a failure with a network is tried again shortly before it counts.
              if (navigator.onLine && attemptsLeft > 0) {
                pending.current = window.setTimeout(() => attempt(attemptsLeft - 1), ONLINE_RETRY_DELAY_MS);
                return;
              }
              // Still failing with a network: the file itself is gone (a deploy), not the connection.
              setFailedOnline(navigator.onLine);
              setRetrying(false);
            },
          );
      };
      attempt(ONLINE_RETRIES);
    }, []);

    useEffect(() => {
      if (online && !loaded) {
        retry();
      }
    }, [online, retry]);
    useEffect(() => () => window.clearTimeout(pending.current), []);

    if (Page) {
      return <Page />;
    }
    return <PageUnavailable online={online && failedOnline} retrying={retrying} onRetry={retry} />;
  };
}

/**
 * Vite adds each stylesheet a screen needs to the document once and never again, so one that failed
 * to load (offline) would leave the screen unstyled when its code finally arrives. Each is replaced
 * by a fresh copy, which the browser fetches anew; the screen is shown only once they have loaded.
 */
function reloadFailedStylesheets(): Promise<void> {
  const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    failed.map(
      (link) =>
        new Promise<void>((resolve, reject) => {
          const fresh = link.cloneNode() as HTMLLinkElement;
          fresh.addEventListener('load', () => resolve(), { once: true });
          fresh.addEventListener('error', () => reject(new Error(`Unable to load ${link.href}`)), {
            once: true,
          });
          link.replaceWith(fresh);
        }),
    ),
  ).then(() => undefined);
}
