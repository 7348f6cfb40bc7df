/**
 * The session's schema, imported when a stored session is read back (session-presence.ts): the shell,
 * which restores sessions, must not carry zod.
 */
export { sessionSchema } from '@datebook/contracts';
