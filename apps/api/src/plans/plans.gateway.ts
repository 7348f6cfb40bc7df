import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  messages,
  planClientEvents,
  planMemberRoom,
  planRoom,
  PLAN_SOCKET_LIMITS,
  type PlanJoinAck,
  type PlanOpRefused,
  type PlanOpResult,
} from '@datebook/contracts';
import { LOGGER } from '@datebook/server';
import { RealtimeGateway, type RealtimeSocket } from '../realtime/realtime.gateway';
import { PlanOperationsService } from './plan-operations.service';
import { PlanPresence } from './plan-presence';
import { refused, socketRefusalOf } from './plan-refusals';
import { PlansService } from './plans.service';

type Ack<T> = (result: T) => void;

/**
 * The plan messages of the one Socket.IO server (design: Protocol). They are bound on the server
 * the RealtimeGateway owns rather than through a second `@WebSocketGateway`: Nest shares a server
 * between gateways of one path only when their options agree, and its message handlers would run
 * the HTTP guards on a socket. Every socket here already passed the gateway's handshake check (a
 * valid, complete access token), so `socket.data.viewer` is the member.
 *
 * A socket enters a plan's room only through `plan.join`, after the same check REST makes (owner
 * or collaborator; anyone else hears NOT_FOUND). `plan.op` takes the service's one code path, which
 * re-reads the actor's role under the plan's lock. Each payload is checked against its contract
 * schema and a size cap, and each socket may send PLAN_SOCKET_LIMITS.opsPerWindow operations per
 * window (the member's own limit across sockets, REST and replicas is the operation path's:
 * PlanOpLimits). Presence follows the room: listed on join (unless hidden), moved by `presence.set` from a
 * socket in the room, gone on leave and on disconnect.
 */
@Injectable()
export class PlansGateway implements OnModuleInit {
  private readonly recentOps = new WeakMap<RealtimeSocket, number[]>();

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly plans: PlansService,
    private readonly operations: PlanOperationsService,
    private readonly presence: PlanPresence,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.gateway.server.on('connection', (socket) => this.bind(socket));
  }

  private bind(socket: RealtimeSocket): void {
    socket.on('plan.join', (payload: unknown, ack: unknown) => {
      void this.join(socket, payload, answer<PlanJoinAck>(ack));
    });
    socket.on('plan.op', (payload: unknown, ack: unknown) => {
      void this.op(socket, payload, answer<PlanOpResult>(ack));
    });
    socket.on('plan.leave', (payload: unknown) => {
      const parsed = parse(planClientEvents['plan.leave'], payload);
      if (parsed.ok) {
        void socket.leave(planRoom(parsed.data.planId));
        void socket.leave(planMemberRoom(parsed.data.planId, socket.data.viewer.sub));
        void this.presence.left(socket, parsed.data.planId);
      }
    });
    socket.on('presence.set', (payload: unknown) => {
      const parsed = parse(planClientEvents['presence.set'], payload);
      if (parsed.ok) {
        this.presence.set(socket, parsed.data);
      }
    });
    socket.on('disconnect', () => void this.presence.disconnected(socket));
  }

  private async join(socket: RealtimeSocket, payload: unknown, ack: Ack<PlanJoinAck>): Promise<void> {
    const parsed = parse(planClientEvents['plan.join'], payload);
    if (!parsed.ok) {
      ack({ ok: false, error: { code: 'VALIDATION_FAILED', message: parsed.message } });
      return;
    }
    const { planId, sinceVersion, hidden } = parsed.data;
    const viewer = socket.data.viewer;
    try {
      await this.plans.roleOf(viewer, planId);
      // Joined before the catch-up is read, so nothing committed in between is missed; the catch-up
      // checks the role again, so a removal racing this join cannot leave the socket in the room.
      const rooms = [planRoom(planId), planMemberRoom(planId, viewer.sub)];
      await socket.join(rooms);
      const catchUp = await this.plans.catchUp(viewer, planId, sinceVersion).catch(async (error: unknown) => {
        for (const room of rooms) {
          await socket.leave(room);
        }
        throw error;
      });
      ack({ ok: true, ...catchUp });
    } catch (error) {
      const refusal = this.refusal(error);
      ack({ ok: false, error: { code: refusal.code, message: refusal.message } });
      return;
    }
    await this.presence.joined(socket, planId, hidden ?? false);
  }

  private async op(socket: RealtimeSocket, payload: unknown, ack: Ack<PlanOpResult>): Promise<void> {
    if (!this.allowOp(socket)) {
      ack(refused('RATE_LIMITED', messages.errors.rateLimited));
      return;
    }
    const parsed = parse(planClientEvents['plan.op'], payload);
    if (!parsed.ok) {
      ack(refused('INVALID', parsed.message));
      return;
    }
    const { planId, ...request } = parsed.data;
    const viewer = socket.data.viewer;
    try {
      const result = await this.operations.apply(viewer, planId, request, {
        via: 'socket',
        socketId: socket.id,
      });
      ack(result.ok ? result : await this.operations.canonical(viewer, result, planId));
    } catch (error) {
      ack(this.refusal(error));
    }
  }

  /** A sliding window per socket, kept in memory: a socket lives on one replica. */
  private allowOp(socket: RealtimeSocket): boolean {
    const now = Date.now();
    const recent = (this.recentOps.get(socket) ?? []).filter((at) => at > now - PLAN_SOCKET_LIMITS.windowMs);
    const allowed = recent.length < PLAN_SOCKET_LIMITS.opsPerWindow;
    if (allowed) {
      recent.push(now);
    }
    this.recentOps.set(socket, recent);
    return allowed;
  }

  private refusal(error: unknown): PlanOpRefused {
    const refusal = socketRefusalOf(error);
    if (refusal) {
      return refusal;
    }
    this.logger.error({ err: error }, 'plan socket message failed unexpectedly');
    return refused('INVALID', messages.errors.unexpected);
  }
}

/** The client's ack, or nothing when it sent none. */
function answer<T>(ack: unknown): Ack<T> {
  return typeof ack === 'function' ? (ack as Ack<T>) : () => undefined;
}

/** A payload checked against its contract schema, and against the size cap before that. */
function parse<S extends z.ZodType>(
  schema: S,
  payload: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return { ok: false, message: messages.errors.validation };
  }
  if (size > PLAN_SOCKET_LIMITS.payloadBytes) {
    return { ok: false, message: messages.errors.validation };
  }
  const parsed = schema.safeParse(payload);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? messages.errors.validation };
}
