import { planJoinAckSchema, planOpResultSchema, type ClientEmitter } from '@datebook/contracts';
import { PlanTransientError, type PlanChannel } from './plan-channel';

/** How long an operation or a join waits for the server's answer before it counts as not delivered. */
export const PLAN_ACK_TIMEOUT_MS = 5_000;

/** A message the server did not answer: not within the time allowed, or the socket dropped first. */
export class PlanAckError extends Error {
  constructor(event: string, reason: 'timeout' | 'disconnected') {
    super(
      reason === 'timeout'
        ? `No answer to ${event} in time.`
        : `The socket dropped before ${event} was answered.`,
    );
    this.name = 'PlanAckError';
  }
}

/**
 * Sends `event` (`send` emits it with the ack it is given) and resolves with the server's answer,
 * unchecked (the caller parses it against its contract), or rejects with PlanAckError after
 * `timeoutMs` or as soon as the socket disconnects: an answer can no longer come, and waiting out the
 * timeout would hold the plan's queue that long after a reconnect. An answer after that is ignored.
 */
export function emitWithAck(
  socket: ClientEmitter,
  event: 'plan.op' | 'plan.join',
  send: (ack: (answer: unknown) => void) => void,
  timeoutMs: number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        socket.off('disconnect', onDisconnect);
        finish();
      }
    };
    const onDisconnect = () => settle(() => reject(new PlanAckError(event, 'disconnected')));
    const timer = setTimeout(() => settle(() => reject(new PlanAckError(event, 'timeout'))), timeoutMs);
    socket.once('disconnect', onDisconnect);
    send((answer) => settle(() => resolve(answer)));
  });
}

export interface SocketPlanChannelOptions {
  /** Sent with every `plan.join` (the member's 'Hide my presence', read afresh each time). */
  joinFields?: () => { hidden?: boolean };
  timeoutMs?: number;
}

/**
 * A plan over the member's live socket: `plan.op` and `plan.join`, each with an ack and a timeout,
 * answers checked against the contracts. The web's editor, the convergence test and the bench all
 * use this one channel.
 */
export function socketPlanChannel(
  socket: ClientEmitter,
  planId: string,
  options: SocketPlanChannelOptions = {},
): PlanChannel {
  const timeoutMs = options.timeoutMs ?? PLAN_ACK_TIMEOUT_MS;
  return {
    kind: 'socket',
    async send(request) {
      let answer: unknown;
      try {
        answer = await emitWithAck(
          socket,
          'plan.op',
          (ack) => socket.emit('plan.op', { planId, ...request }, ack),
          timeoutMs,
        );
      } catch (error) {
        throw new PlanTransientError(error);
      }
      const parsed = planOpResultSchema.safeParse(answer);
      if (!parsed.success) {
        throw new PlanTransientError(parsed.error);
      }
      return parsed.data;
    },
    async catchUp(sinceVersion) {
      let answer: unknown;
      try {
        const join = { planId, sinceVersion, ...options.joinFields?.() };
        answer = await emitWithAck(
          socket,
          'plan.join',
          (ack) => socket.emit('plan.join', join, ack),
          timeoutMs,
        );
      } catch (error) {
        throw new PlanTransientError(error);
      }
      const parsed = planJoinAckSchema.safeParse(answer);
      if (!parsed.success) {
        throw new PlanTransientError(parsed.error);
      }
      const joined = parsed.data;
      if (!joined.ok) {
        const { code, message } = joined.error;
        if (code === 'NOT_FOUND' || code === 'FORBIDDEN') {
          return { denied: code, message };
        }
        // Anything else (a failure on the server's side) says nothing about access: try again later.
        throw new PlanTransientError(joined.error);
      }
      const { ok: _ok, ...catchUp } = joined;
      return catchUp;
    },
  };
}
