import { useState } from 'react';
import { planLiveMessages } from '@datebook/contracts';
import type { PlanConnection } from '@datebook/domain';

interface ConnectionStatusProps {
  connection: PlanConnection;
  /** Edits made here and not yet confirmed by the server. */
  pendingCount: number;
}

/**
 * Says when edits are not reaching the others: offline (they wait on this device), then syncing
 * until everything made during the outage is delivered. Silent while online, so the edit in flight
 * a moment after every keystroke never flickers a message. The region stays in the page while empty,
 * because a live region added together with its text is often not announced.
 */
export function ConnectionStatus({ connection, pendingCount }: ConnectionStatusProps) {
  // An outage is over once everything made during it is delivered; tracked while rendering, as
  // React advises for state derived from props, so the text never lags a render behind.
  const [catchingUp, setCatchingUp] = useState(false);
  const stillCatchingUp = connection !== 'online' || (catchingUp && pendingCount > 0);
  if (stillCatchingUp !== catchingUp) {
    setCatchingUp(stillCatchingUp);
  }

  const text =
    connection === 'offline'
      ? planLiveMessages.offline
      : connection === 'reconnecting' || catchingUp
        ? planLiveMessages.syncing
        : null;
  return (
    <p className="plan-connection" role="status">
      {text && (
        <>
          <span className="plan-connection__state">{text}</span>
          {pendingCount > 0 && (
            <span className="plan-connection__waiting">{planLiveMessages.waiting(pendingCount)}</span>
          )}
        </>
      )}
    </p>
  );
}
