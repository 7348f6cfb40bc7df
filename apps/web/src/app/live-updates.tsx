import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveFollowRequests, useLiveUploadStatus } from '@/features/account';
import { useLiveCollectionCovers } from '@/features/collections';
import { useLiveCreatorFollows } from '@/features/explore';
import { postKeys, useLivePostMedia } from '@/features/posts';
import { profileKeys, useLiveFollowUpdates, useLiveProfileUpdates } from '@/features/profile';
import { useLiveSearchFollows } from '@/features/search';
import type { LiveSocket } from '@/lib/live-socket';
import { useSocketConnection } from '@/lib/use-server-event';
import { useLiveSocket } from './use-live-socket';

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
  useLiveFollowRequests(socket);
  useLiveSearchFollows(socket, userId);
  useLiveCreatorFollows(socket, userId);
  useLiveUploadStatus(socket);
  useLivePostMedia(socket);
  useLiveCollectionCovers(socket);
  return null;
}

/** Whatever was pushed while the socket was down is lost: after a reconnect, fetch it afresh. */
function useCatchUpAfterReconnect(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  const connectedBefore = useRef(false);
  useEffect(() => {
    connectedBefore.current = socket?.connected ?? false;
  }, [socket]);
  useSocketConnection(socket, 'connect', () => {
    if (connectedBefore.current) {
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    }
    connectedBefore.current = true;
  });
}
