import { useQueryClient } from '@tanstack/react-query';
import type { UploadStatus } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { useServerEvent } from '@/lib/use-server-event';
import { accountKeys } from '../query-keys';

/** An upload this tab is waiting for finished: settle its status without waiting for the next poll. */
export function useLiveUploadStatus(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'media.status', ({ uploadId, status, url, message }) => {
    queryClient.setQueryData<UploadStatus>(
      accountKeys.upload(uploadId),
      (upload) => upload && { ...upload, status, url, message },
    );
  });
}
