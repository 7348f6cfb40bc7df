import { SetMetadata } from '@nestjs/common';

/**
 * Every route and socket handler declares who may call it: `@Public()` for anyone, or
 * `@Authenticated()` for a signed-in member. A handler with neither is refused by the guard and
 * flagged by the route-walk test, so forgetting is never silently open.
 */
export const AUTH_POLICY = 'datebook:auth-policy';
export type AuthPolicy = 'public' | 'authenticated';

export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(AUTH_POLICY, 'public' satisfies AuthPolicy);
export const Authenticated = (): MethodDecorator & ClassDecorator =>
  SetMetadata(AUTH_POLICY, 'authenticated' satisfies AuthPolicy);
