import { Link } from 'react-router-dom';
import { followLabels, messages, webRoutes, type FollowRequest } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { FormMessage } from '@/ui/feedback/form-message';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useAnswerAllFollowRequests, useAnswerFollowRequest } from '../hooks/use-answer-follow-requests';
import { useFollowRequests } from '../hooks/use-follow-requests';
import './follow-list-dialog.css';

/** The private member's pending requests, newest first: each approved or declined, or all at once. */
export function FollowRequestsDialog({ onClose }: { onClose: () => void }) {
  const list = useFollowRequests();
  const answerAll = useAnswerAllFollowRequests();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog title={followLabels.followRequests} onClose={onClose}>
      <div className="follow-list">
        {list.isPending && <p role="status">{messages.loading.generic}</p>}
        {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
        {list.isSuccess && items.length === 0 && (
          <p className="follow-list__empty">{followLabels.noRequests}</p>
        )}
        {items.length > 0 && (
          <>
            <div className="follow-list__all">
              <Button
                pending={answerAll.isPending && answerAll.variables === 'approve'}
                onClick={() => !answerAll.isPending && answerAll.mutate('approve')}
              >
                {followLabels.approveAll}
              </Button>
              <Button
                variant="secondary"
                pending={answerAll.isPending && answerAll.variables === 'decline'}
                onClick={() => !answerAll.isPending && answerAll.mutate('decline')}
              >
                {followLabels.declineAll}
              </Button>
            </div>
            <ul className="follow-list__items">
              {items.map((item) => (
                <FollowRequestRow key={item.id} request={item} onOpen={onClose} />
              ))}
            </ul>
          </>
        )}
        {list.hasNextPage && <LoadMoreButton query={list} />}
      </div>
    </Dialog>
  );
}

function FollowRequestRow({ request, onOpen }: { request: FollowRequest; onOpen: () => void }) {
  const answer = useAnswerFollowRequest(request.username);
  const decide = (decision: 'approve' | 'decline') => !answer.isPending && answer.mutate(decision);
  return (
    <li className="follow-list__item follow-list__item--request">
      <Link to={webRoutes.profile(request.username)} className="follow-list__member" onClick={onOpen}>
        <UserAvatar username={request.username} src={request.avatarUrl} size="md" />
        <span className="follow-list__names">
          <span className="follow-list__name">{request.displayName || request.username}</span>
          <span className="follow-list__username">@{request.username}</span>
        </span>
      </Link>
      <span className="follow-list__actions">
        <Button
          pending={answer.isPending && answer.variables === 'approve'}
          aria-label={`${followLabels.approve} @${request.username}`}
          onClick={() => decide('approve')}
        >
          {followLabels.approve}
        </Button>
        <Button
          variant="secondary"
          pending={answer.isPending && answer.variables === 'decline'}
          aria-label={`${followLabels.decline} @${request.username}`}
          onClick={() => decide('decline')}
        >
          {followLabels.decline}
        </Button>
      </span>
    </li>
  );
}
