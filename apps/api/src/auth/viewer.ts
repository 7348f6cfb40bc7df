import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '@datebook/contracts';

/** The verified session of the request; a public route gets `undefined` when nobody signed in. */
export interface Viewer extends AccessClaims {
  /** The session has proven everything its user requires (aal2 when a factor is verified). */
  complete: boolean;
}

/** A request once the auth guard has read its access token. */
export type AuthenticatedRequest = FastifyRequest & { viewer?: Viewer };
