/**
 * The auth endpoints, imported on the first call (api.ts, through importEndpoints): their schemas, and
 * zod with them, are built when this module loads, and the shell, which restores sessions, must not
 * carry them.
 */
export { authEndpoints } from '@datebook/contracts';
