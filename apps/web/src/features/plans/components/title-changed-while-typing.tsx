import { planLiveMessages } from '@datebook/contracts';
import type { ChangedWhileTyping as Change } from '@datebook/domain';

/**
 * Under the title while the member types in it: someone else renamed the plan meanwhile, and to
 * what, so their title is seen before the member's replaces it.
 */
export function TitleChangedWhileTyping({ change }: { change: Change | undefined }) {
  if (!change) {
    return null;
  }
  return (
    <p className="plan-editing" role="status">
      {planLiveMessages.changedWhileTyping(change.name, change.plan.title)}
    </p>
  );
}
