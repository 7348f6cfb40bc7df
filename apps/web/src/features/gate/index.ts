/** The access-code gate in front of the app, and the routes it lets through. */
export { AccessGate } from './access-gate';
export { rememberAccessGrant } from './access-grant';
export { GATE_BYPASS } from './gate-bypass';
