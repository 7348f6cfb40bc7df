import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { UnauthenticatedError } from '@datebook/server';
import type { AuthenticatedRequest, Viewer } from './viewer';

/**
 * Every route and socket handler declares who may call it: `@Public()` for anyone, or
 * `@Authenticated()` for a signed-in member. A handler with neither is refused by the guard and
 * flagged by the route-walk test, so forgetting is never silently open.
 */
export const AUTH_POLICY = 'datebook:auth-policy';
export type AuthPolicy = { kind: 'public' } | { kind: 'authenticated'; allowIncomplete: boolean };

export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(AUTH_POLICY, { kind: 'public' } satisfies AuthPolicy);

/**
 * `allowIncomplete` admits a session that has not yet passed the second factor its account
 * requires: only the calls that get it there (factors, challenge, verify) and sign-out use it.
 */
export const Authenticated = (
  options: { allowIncomplete?: boolean } = {},
): MethodDecorator & ClassDecorator =>
  SetMetadata(AUTH_POLICY, {
    kind: 'authenticated',
    allowIncomplete: options.allowIncomplete ?? false,
  } satisfies AuthPolicy);

export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<AuthenticatedRequest>().viewer;
  if (!viewer) {
    throw new UnauthenticatedError();
  }
  return viewer;
});

export const OptionalViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Viewer | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().viewer,
);
