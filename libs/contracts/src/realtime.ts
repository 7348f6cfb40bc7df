import { z } from 'zod';

/**
 * Socket.IO events, both directions. Every socket joins its user's room (`userRoom(id)`) on
 * connect; the server pushes to rooms, never to a socket id, so any api replica or the worker can.
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
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/** The answer to a client message: done, or refused in the api's error words. */
export type SocketAck = { ok: true } | { ok: false; error: { code: string; message: string } };

/**
 * Client → server events. `auth.refresh` hands an open connection the access token that replaced
 * the one it was admitted with; without it the server closes the socket when that token expires.
 */
export interface ClientToServerEvents {
  'auth.refresh': (payload: { token: string }, ack: (result: SocketAck) => void) => void;
}
