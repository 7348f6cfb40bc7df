/**
 * The profile and follow endpoints, imported on the first call (api.ts, through importEndpoints): their
 * schemas, and zod with them, are built when this module loads, and the shell (which reads the own
 * profile for the header) must not carry them.
 */
export { followEndpoints, profileEndpoints } from '@datebook/contracts';
