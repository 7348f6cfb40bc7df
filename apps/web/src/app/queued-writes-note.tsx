import { useIsMutating } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import './queued-writes-note.css';

/**
 * A comment, like or save made offline waits on the device (TanStack pauses the mutation) and is
 * sent once when the connection is back. While any waits, one note says so, wherever it was made:
 * a card has no room for its own, and the write outlives the dialog it was made in.
 */
export function QueuedWritesNote() {
  const waiting = useIsMutating({ predicate: (mutation) => mutation.state.isPaused });
  if (waiting === 0) {
    return null;
  }
  return (
    <p role="status" className="queued-writes-note">
      {messages.queued.whenOnline}
    </p>
  );
}
