import { useState } from 'react';
import { planLiveMessages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import type { PlanSession } from '../hooks/use-plan';
import type { PlanPresence } from '../hooks/use-plan-presence';
import { HistoryDialog } from './history-dialog';
import { PresenceList } from './presence-list';
import { UndoButton } from './undo-button';

/** The editor's live bar: who is here, Undo of one's own last edit, and the plan's History. */
export function PlanLiveTools({
  planId,
  session,
  presence,
}: {
  planId: string;
  session: PlanSession;
  presence: PlanPresence;
}) {
  const [showingHistory, setShowingHistory] = useState(false);
  return (
    <div className="plan-live">
      <PresenceList presence={presence} />
      <div className="plan-live__actions">
        <UndoButton canUndo={session.canUndo} undo={session.undo} />
        <Button variant="secondary" onClick={() => setShowingHistory(true)}>
          {planLiveMessages.history}
        </Button>
      </div>
      {showingHistory && (
        <HistoryDialog
          planId={planId}
          timeZone={session.plan?.timeZone ?? 'UTC'}
          onClose={() => setShowingHistory(false)}
        />
      )}
    </div>
  );
}
