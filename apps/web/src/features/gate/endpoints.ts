/**
 * The gate's endpoint, imported on the first check (api.ts, through importEndpoints): its schemas, and
 * zod with them, are built when this module loads, and the gate must paint with the shell alone.
 */
export { gateEndpoints } from '@datebook/contracts';
