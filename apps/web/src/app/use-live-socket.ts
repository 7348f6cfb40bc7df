import { useEffect, useState } from 'react';
import { currentSession } from '@/features/session';
import { openLiveSocket, type LiveSocket } from '@/lib/live-socket';

/**
 * The signed-in member's socket, opened once and closed on unmount. Null until its code has loaded,
 * and for good when it cannot load. `accessToken` changes on every refresh: a connection the server
 * refused tries again with it, and an open one is re-authenticated with it.
 */
export function useLiveSocket(accessToken: string): LiveSocket | null {
  const [socket, setSocket] = useState<LiveSocket | null>(null);

  useEffect(() => {
    let closed = false;
    let opened: LiveSocket | undefined;
    openLiveSocket(() => currentSession.getSnapshot()?.accessToken ?? null).then(
      (live) => {
        if (closed) {
          live.disconnect();
          return;
        }
        opened = live;
        // Socket.IO gives up after the server refuses a handshake. An expired token (a tab that
        // slept) is refreshed here; the new token then reconnects below.
        live.on('connect_error', () => {
          if (!live.active) {
            void currentSession.accessToken();
          }
        });
        setSocket(live);
      },
      () => {
        // The socket's code did not load (offline, a new deploy): the app works on without live updates.
      },
    );
    return () => {
      closed = true;
      opened?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!socket) {
      return;
    }
    if (!socket.active) {
      socket.connect();
    } else if (socket.connected) {
      // The server closes a socket when the token it was admitted with expires: hand it the new one.
      socket.emit('auth.refresh', { token: accessToken }, () => undefined);
    }
  }, [socket, accessToken]);

  return socket;
}
