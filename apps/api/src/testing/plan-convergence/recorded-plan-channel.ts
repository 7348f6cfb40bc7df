import type { Socket } from 'socket.io-client';
import { socketPlanChannel, type PlanChannel } from '@datebook/domain';
import type { OpLedger } from './op-ledger';

/**
 * The product's socket channel (the one the web's editor uses) on a Node socket.io-client, writing
 * every answer into the run's ledger.
 */
export function recordedPlanChannel(socket: Socket, planId: string, ledger: OpLedger): PlanChannel {
  const channel = socketPlanChannel(socket, planId);
  return {
    kind: channel.kind,
    async send(request) {
      ledger.recordSend(request.opId);
      try {
        const answer = await channel.send(request);
        ledger.recordAnswer(request.opId, answer);
        return answer;
      } catch (error) {
        ledger.counts.unanswered += 1;
        throw error;
      }
    },
    async catchUp(sinceVersion) {
      const answer = await channel.catchUp(sinceVersion);
      if ('snapshot' in answer) {
        ledger.counts.snapshots += 1;
      } else if ('events' in answer) {
        ledger.counts.catchUps += 1;
      }
      return answer;
    },
  };
}
