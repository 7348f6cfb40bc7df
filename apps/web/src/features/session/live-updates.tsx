import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveSocket, type LiveSocket } from '@/lib/live-socket';
import { useLiveUploadStatus } from '@/features/account/hooks/use-live-upload-status';
import { useLivePostMedia } from '@/features/posts/hooks/use-live-post-media';
import { postKeys } from '@/features/posts/query-keys';
import { useLiveFollowUpdates } from '@/features/profile/hooks/use-live-follow-updates';
import { useLiveProfileUpdates } from '@/features/profile/hooks/use-live-profile-updates';
import { profileKeys } from '@/features/profile/query-keys';
import { currentSession } from './current-session';

interface LiveUpdatesProps {
  userId: string;
  /** Changes on every refresh; a refused connection tries again with the new token. */
  accessToken: string;
}

/**
 * While a member is signed in, one socket pushes what changed for them and each feature's hook puts
 * it into the query cache, so every open tab shows it without a reload. Mounted per user: signing
 * out unmounts it and closes the socket.
 */
export function LiveUpdates({ userId, accessToken }: LiveUpdatesProps) {
  const socket = useLiveSocket(accessToken);
  useCatchUpAfterReconnect(socket);
  useLiveProfileUpdates(socket);
  useLiveFollowUpdates(socket, userId);
  useLiveUploadStatus(socket);
  useLivePostMedia(socket);
  return null;
}

function useLiveSocket(accessToken: string): LiveSocket | null {
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
    if (socket && !socket.active) {
      socket.connect();
    }
  }, [socket, accessToken]);

  return socket;
}

/** Whatever was pushed while the socket was down is lost: after a reconnect, fetch it afresh. */
function useCatchUpAfterReconnect(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) {
      return;
    }
    let connectedBefore = socket.connected;
    const catchUp = () => {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      }
      connectedBefore = true;
    };
    socket.on('connect', catchUp);
    return () => {
      socket.off('connect', catchUp);
    };
  }, [socket, queryClient]);
}
