import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Socket as ClientSocket } from 'socket.io-client';
import type {
  PlanShareLink,
  PlanPresenceMember,
  PlanPresenceSetInput,
  PlanDocument,
  PlanJoinAck,
  PlanOpAccepted,
  PlanOperationInput,
  PlanOpRequestInput,
  PlanOpResult,
  ServerEventName,
  ServerEventPayload,
} from '@datebook/contracts';
import type { Requester } from './test-api';
import type { TestSocket } from './test-sockets';

/* Data builders and calls for plan tests (conventions 13: ctx.newPlan and friends). */

export interface PlanMember {
  user: { id: string; username: string };
  session: { accessToken: string };
  request: Requester;
}

/** An operation's envelope, with a fresh op id unless one is given (a retry keeps its id). */
export function opEnvelope(
  op: PlanOperationInput,
  options: { baseVersion?: number; opId?: string; clientId?: string; undoes?: string } = {},
): PlanOpRequestInput {
  return {
    opId: options.opId ?? randomUUID(),
    clientId: options.clientId ?? 'test-tab',
    baseVersion: options.baseVersion ?? 0,
    op,
    ...(options.undoes ? { undoes: options.undoes } : {}),
  };
}

/** A new draft through the api (POST /plans), as its owner. */
export async function newPlan(
  member: PlanMember,
  fields: { title?: string; date?: string | null; timeZone?: string; opId?: string } = {},
): Promise<PlanDocument> {
  const response = await member.request({
    method: 'POST',
    url: '/api/plans',
    payload: {
      opId: fields.opId ?? randomUUID(),
      clientId: 'test-tab',
      title: fields.title ?? 'Saturday out',
      date: fields.date ?? null,
      timeZone: fields.timeZone ?? 'UTC',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /plans answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<PlanDocument>();
}

/** Sends one operation over REST; the raw answer. */
export function sendOp(
  member: Pick<PlanMember, 'request'>,
  planId: string,
  op: PlanOperationInput,
  options: Parameters<typeof opEnvelope>[1] = {},
): Promise<LightMyRequestResponse> {
  return member.request({
    method: 'POST',
    url: `/api/plans/${planId}/ops`,
    payload: opEnvelope(op, options),
  });
}

/** Sends one operation that must be accepted; its answer. */
export async function applyOp(
  member: Pick<PlanMember, 'request'>,
  planId: string,
  op: PlanOperationInput,
  options: Parameters<typeof opEnvelope>[1] = {},
): Promise<PlanOpAccepted> {
  const response = await sendOp(member, planId, op, options);
  if (response.statusCode !== 201) {
    throw new Error(`${op.type} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<PlanOpAccepted>();
}

export async function getPlan(member: Pick<PlanMember, 'request'>, planId: string): Promise<PlanDocument> {
  const response = await member.request({ method: 'GET', url: `/api/plans/${planId}` });
  if (response.statusCode !== 200) {
    throw new Error(`GET /plans/${planId} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<PlanDocument>();
}

/** The plan's share token, as a member's `GET /plans/:id/share-link` answers it. */
export async function shareToken(member: Pick<PlanMember, 'request'>, planId: string): Promise<string> {
  const response = await member.request({ method: 'GET', url: `/api/plans/${planId}/share-link` });
  if (response.statusCode !== 200) {
    throw new Error(`GET /plans/${planId}/share-link answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<PlanShareLink>().token;
}

/** A plan made ready to share: a date, one custom row, and Prepare Date; the document after. */
export async function preparedPlan(
  owner: PlanMember,
  fields: { title?: string; details?: string; location?: string } = {},
): Promise<PlanDocument> {
  const plan = await newPlan(owner, { title: fields.title ?? 'Date night', date: '2030-03-05' });
  await applyOp(owner, plan.id, {
    type: 'activity.add',
    ref: randomUUID(),
    source: {
      kind: 'custom',
      customDetails: fields.details ?? 'Dinner at Luigi’s\nTable booked under my name, code 4411',
      customLocation: fields.location ?? 'Main Street 5',
    },
  });
  await applyOp(owner, plan.id, { type: 'status.change', to: 'prepared' });
  return getPlan(owner, plan.id);
}

/** Every test socket speaks the plan messages too: one event map types them all (contracts: realtime.ts). */
export type PlanTestSocket = TestSocket;

export const asPlanSocket = (socket: TestSocket): PlanTestSocket => socket;

/** `plan.join`, answered. */
export function joinPlan(
  socket: PlanTestSocket,
  planId: string,
  sinceVersion?: number,
): Promise<PlanJoinAck> {
  return socket.timeout(10_000).emitWithAck('plan.join', { planId, sinceVersion });
}

/** `plan.op`, answered. */
export function socketOp(
  socket: PlanTestSocket,
  planId: string,
  op: PlanOperationInput,
  options: Parameters<typeof opEnvelope>[1] = {},
): Promise<PlanOpResult> {
  return socket.timeout(10_000).emitWithAck('plan.op', { planId, ...opEnvelope(op, options) });
}

/** Plan events of one name, queued from the moment this is called, awaited in order. */
export function planEventsOf<E extends ServerEventName>(socket: PlanTestSocket, event: E) {
  const received: Array<ServerEventPayload<E>> = [];
  const name: string = event;
  (socket as unknown as ClientSocket).on(name, (payload: ServerEventPayload<E>) => {
    received.push(payload);
  });
  return {
    received,
    async next(timeoutMs = 10_000): Promise<ServerEventPayload<E>> {
      const deadline = Date.now() + timeoutMs;
      while (received.length === 0) {
        if (Date.now() > deadline) {
          throw new Error(`No "${event}" event within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received.shift()!;
    },
  };
}

/** `plan.join` as a member who hides their presence ('Hide my presence'), answered. */
export function joinPlanHidden(
  socket: PlanTestSocket,
  planId: string,
  sinceVersion?: number,
): Promise<PlanJoinAck> {
  return socket.timeout(10_000).emitWithAck('plan.join', { planId, sinceVersion, hidden: true });
}

/** `presence.set` (no answer). */
export function setPresence(socket: PlanTestSocket, payload: PlanPresenceSetInput): void {
  socket.emit('presence.set', payload);
}

/**
 * The next `presence.state` of `planId` whose members satisfy `wanted`; earlier lists are passed
 * over (each change sends the whole list, so only the latest one matters).
 */
export async function presenceWhere(
  states: ReturnType<typeof planEventsOf<'presence.state'>>,
  planId: string,
  wanted: (members: PlanPresenceMember[]) => boolean,
  timeoutMs = 10_000,
): Promise<PlanPresenceMember[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await states.next(Math.max(deadline - Date.now(), 1));
    if (state.planId === planId && wanted(state.members)) {
      return state.members;
    }
  }
}

/** The users of a presence list, sorted (a member with two tabs appears twice). */
export const presentUsers = (members: PlanPresenceMember[]): string[] =>
  members.map((member) => member.userId).sort();
