/** The access-code gate in front of the app, and the routes it lets through. */
export { AccessGate } from './access-gate';
export { hasAccessGrant, rememberAccessGrant } from './access-grant';
export { GATE_BYPASS, bypassesGate } from './gate-bypass';
export { GatePage } from './gate-page';
