import type { ConvergenceCounts } from './op-ledger';

export interface ConvergenceRunShape {
  seed: number;
  clients: number;
  plans: number;
  seconds: number;
}

/** The run on one line: how much of each thing happened, and the seed to ask for it again. */
export function convergenceLine(
  counts: ConvergenceCounts,
  shape: ConvergenceRunShape,
  wallMs: number,
): string {
  return [
    `plan convergence: ${shape.clients} clients on ${shape.plans} plans, ${shape.seconds} s of chaos`,
    `ops made ${counts.made}`,
    `sent ${counts.sends} (unanswered ${counts.unanswered})`,
    `acknowledged ${counts.acknowledged}`,
    `duplicates absorbed ${counts.duplicates}`,
    `refused ${counts.refused} (+${counts.refusedLocally} before sending)`,
    `catch-ups ${counts.catchUps}`,
    `snapshots ${counts.snapshots}`,
    `reloads ${counts.reloads}`,
    `disconnects ${counts.disconnects}`,
    `api kills ${counts.apiKills}`,
    `wall ${(wallMs / 1000).toFixed(1)} s`,
    `seed ${shape.seed}`,
  ].join(', ');
}
