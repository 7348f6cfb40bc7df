import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError, UnauthenticatedError } from '@datebook/server';
import { AUTH_POLICY, type AuthPolicy } from './auth.decorators';

/**
 * Deny by default. Public handlers pass; authenticated ones need a verified session. Sessions arrive
 * with the identity feature (issue 3); until then no request carries one, so they are refused.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    switch (policy) {
      case 'public':
        return true;
      case 'authenticated':
        throw new UnauthenticatedError();
      case undefined:
        throw new ForbiddenError();
    }
  }
}
