/**
 * The api's error body schema, imported when a call fails (api-client.ts, through importEndpoints):
 * schemas, and zod with them, are built when this module loads, and the shell must not carry them.
 */
export { errorBodySchema } from '@datebook/contracts';
