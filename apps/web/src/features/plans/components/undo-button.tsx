import { planLiveMessages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';

/** Takes back the member's own last edit (as a new operation, so everyone sees it undone). */
export function UndoButton({ canUndo, undo }: { canUndo: boolean; undo: () => Promise<void> }) {
  return (
    <Button
      variant="secondary"
      aria-label={planLiveMessages.undoLabel}
      disabled={!canUndo}
      onClick={() => void undo()}
    >
      {planLiveMessages.undo}
    </Button>
  );
}
