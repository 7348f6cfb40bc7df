import { z } from 'zod';
import type { PlanPresenceSetInput } from './plans/presence';
import type { PlanOpResult } from './plans/protocol';
import {
  planServerEvents,
  type PlanJoinAck,
  type planJoinRequestSchema,
  type planLeaveSchema,
  type PlanSocketOpInput,
} from './plans/socket';

/**
 * Socket.IO events, both directions: the one map that types the api's server, the worker's emitter,
 * the web's socket and the bench's. Every socket joins its user's room (`userRoom(id)`) on connect
 * and a plan's room (plans/socket.ts) on `plan.join`; the server pushes to rooms, so any api replica
 * or the worker can.
 */
export const userRoom = (userId: string): string => `user:${userId}`;

/** Every socket also joins its session's room, so ending a session can drop its sockets at once. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

export const serverEvents = {
  /** The user's own profile changed (e.g. a processed avatar); open tabs refresh it. */
  'profile.updated': z.object({
    userId: z.string(),
    avatarUrl: z.string().nullable(),
    displayName: z.string().nullable(),
    username: z.string(),
  }),
  /** Someone followed (or unfollowed) the user; counts and lists refresh. */
  'follow.changed': z.object({
    followerId: z.string(),
    followerUsername: z.string(),
    followingId: z.string(),
    following: z.boolean(),
    followerCount: z.number(),
  }),
  /** The user's pending follow requests changed (one came, was withdrawn or answered). */
  'follow.requests.changed': z.object({ followRequestCount: z.number() }),
  /** A private member approved the user's request: their profile opens to the user at once. */
  'follow.request.approved': z.object({ followingId: z.string(), followingUsername: z.string() }),
  /** A media upload finished processing, or failed with a message to show. */
  'media.status': z.object({
    uploadId: z.string(),
    kind: z.string(),
    status: z.enum(['ready', 'failed']),
    url: z.string().nullable(),
    message: z.string().nullable(),
    /** For a post's photo or video: which post and media row, so open pages refresh just that. */
    post: z
      .object({ kind: z.enum(['activity', 'date']), postId: z.string(), postMediaId: z.string() })
      .optional(),
  }),
  ...planServerEvents,
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/**
 * One event's schema, typed by the event's name: code written once for any event (the server's
 * push, the web's listener) gets the payload's type from it.
 */
export function serverEventSchema<E extends ServerEventName>(event: E): z.ZodType<ServerEventPayload<E>> {
  const byName: { [K in ServerEventName]: z.ZodType<ServerEventPayload<K>> } = serverEvents;
  return byName[event];
}

/** The answer to a client message: done, or refused in the api's error words. */
export type SocketAck = { ok: true } | { ok: false; error: { code: string; message: string } };

/**
 * Client → server events. `auth.refresh` hands an open connection the access token that replaced
 * the one it was admitted with; without it the server closes the socket when that token expires.
 * The plan messages are checked against `planClientEvents` before their handlers run.
 */
export interface ClientToServerEvents {
  'auth.refresh': (payload: { token: string }, ack: (result: SocketAck) => void) => void;
  'plan.join': (payload: z.input<typeof planJoinRequestSchema>, ack: (result: PlanJoinAck) => void) => void;
  'plan.op': (payload: PlanSocketOpInput, ack: (result: PlanOpResult) => void) => void;
  'plan.leave': (payload: z.input<typeof planLeaveSchema>) => void;
  'presence.set': (payload: PlanPresenceSetInput) => void;
}

/**
 * What code that runs in the browser and in Node alike (libs/domain's plan channel) needs of a
 * client socket: sending this map's messages and hearing the socket drop. socket.io-client's
 * `Socket<ServerToClientEvents, ClientToServerEvents>` (the web's, the tests' and the bench's) is one.
 */
export interface ClientEmitter {
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
  once(event: 'disconnect', listener: () => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}
