import { followLabels } from '@datebook/contracts';
import './follow-requests-entry.css';

/** 'Follow requests' with the pending count, opening the list of requests. */
export function FollowRequestsEntry({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <button type="button" className="follow-requests-entry" onClick={onOpen}>
      {followLabels.followRequests} <span className="follow-requests-entry__count">{count}</span>
    </button>
  );
}
