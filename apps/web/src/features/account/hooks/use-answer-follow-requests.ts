import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  messages,
  type FollowRequestAnswer,
  type FollowRequestList,
  type OwnProfile,
} from '@datebook/contracts';
import { profileKeys } from '@/features/profile';
import { isApiError } from '@/lib/api-error';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { answerAllFollowRequests, answerFollowRequest } from '../api';

export type FollowRequestDecision = 'approve' | 'decline';

/**
 * Approve or Decline one request: the row leaves the list and the counts become the api's. A
 * request that is no longer pending (withdrawn meanwhile, or answered in another tab) leaves too,
 * with the api's message.
 */
export function useAnswerFollowRequest(username: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (decision: FollowRequestDecision) => answerFollowRequest(username, decision),
    onSuccess: (answer) => {
      dropRequests(queryClient, (item) => item.username === username);
      applyCounts(queryClient, answer);
    },
    onError: (error) => {
      toast.error(errorMessageOf(error, messages.errors.unexpected));
      if (isApiError(error) && error.status === 409) {
        dropRequests(queryClient, (item) => item.username === username);
        void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.followLists() });
    },
  });
}

/** Approve all or Decline all: the list empties and the counts become the api's. */
export function useAnswerAllFollowRequests() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: answerAllFollowRequests,
    onSuccess: (answer) => {
      dropRequests(queryClient, () => true);
      applyCounts(queryClient, answer);
      // Requests that came in while the answer was on its way are still pending: show them.
      void queryClient.invalidateQueries({ queryKey: profileKeys.followRequests() });
    },
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.followLists() });
    },
  });
}

function dropRequests(
  queryClient: QueryClient,
  answered: (item: FollowRequestList['items'][number]) => boolean,
) {
  queryClient.setQueryData<InfiniteData<FollowRequestList>>(profileKeys.followRequests(), (list) => {
    if (!list) {
      return list;
    }
    const pages = list.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => !answered(item)),
    }));
    const left = pages.reduce((sum, page) => sum + page.items.length, 0);
    const dropped = list.pages.reduce((sum, page) => sum + page.items.length, 0) - left;
    return { ...list, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - dropped) })) };
  });
}

export function applyCounts(queryClient: QueryClient, counts: Partial<FollowRequestAnswer>) {
  queryClient.setQueryData<OwnProfile>(profileKeys.me(), (own) => own && { ...own, ...counts });
}
