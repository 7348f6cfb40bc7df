import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mediaMessages, type OwnProfile, type UploadStatus } from '@datebook/contracts';
import { profileKeys } from '@/features/profile';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { fetchUploadStatus } from '../api';
import { accountKeys } from '../query-keys';

/** The socket usually tells first (useLiveUploadStatus); polling covers a socket that is down. */
const POLL_MS = 3_000;

const isSettled = (upload: UploadStatus | undefined) =>
  upload?.status === 'ready' || upload?.status === 'failed';

/**
 * Follows a saved avatar through processing: once ready the new photo shows everywhere, and if the
 * worker refused it the member is told why. `onSettled` runs once either way.
 */
export function useAvatarProcessing(uploadId: string | null, onSettled: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const handled = useRef<string | null>(null);
  const upload = useQuery({
    queryKey: accountKeys.upload(uploadId ?? ''),
    queryFn: ({ signal }) => fetchUploadStatus(uploadId ?? '', signal),
    enabled: uploadId !== null,
    refetchInterval: (query) => (isSettled(query.state.data) ? false : POLL_MS),
  });
  const settled = isSettled(upload.data) ? upload.data : undefined;

  useEffect(() => {
    if (!settled || handled.current === settled.uploadId) {
      return;
    }
    handled.current = settled.uploadId;
    if (settled.status === 'ready' && settled.url) {
      const avatarUrl = settled.url;
      queryClient.setQueryData<OwnProfile>(profileKeys.me(), (own) => own && { ...own, avatarUrl });
    } else {
      toast.error(settled.message ?? mediaMessages.notAnImage);
    }
    onSettled();
  }, [settled, queryClient, toast, onSettled]);

  return { processing: uploadId !== null && !settled };
}
