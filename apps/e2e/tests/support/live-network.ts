import type { BrowserContext, WebSocketRoute } from '@playwright/test';

const DROPPED = { code: 1001, reason: 'offline' };

/** A browser's network as a member on the move has it: up, or cut off entirely. */
export interface LiveNetwork {
  /** Requests fail, the live socket drops and cannot reconnect, the page hears 'offline'. */
  offline(): Promise<void>;
  online(): Promise<void>;
}

/**
 * Takes over a browser context's network before its pages open. `context.setOffline` alone fails
 * requests but leaves an open WebSocket talking (Chromium does not emulate offline for sockets), so
 * the live socket runs through a route that is closed, and refuses to reconnect, while offline —
 * what a dropped connection does to it.
 */
export async function controlNetwork(context: BrowserContext): Promise<LiveNetwork> {
  let connected = true;
  let open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await context.routeWebSocket(/\/socket\.io\//, (page) => {
    if (connected) {
      open.push({ page, server: page.connectToServer() });
    } else {
      void page.close(DROPPED);
    }
  });
  return {
    async offline() {
      connected = false;
      await context.setOffline(true);
      const dropped = open;
      open = [];
      await Promise.all(dropped.flatMap(({ page, server }) => [page.close(DROPPED), server.close()]));
    },
    async online() {
      connected = true;
      await context.setOffline(false);
    },
  };
}
