import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { messages } from '@datebook/contracts';
import { ForbiddenError, UnauthenticatedError } from '@datebook/server';
import { AUTH_POLICY, type AuthPolicy } from './auth.decorators';
import type { AuthenticatedRequest, Viewer } from './viewer';
import { SessionRevocations } from './session-revocations';
import { TokenSigner } from './token-signer.service';

/**
 * Deny by default. Public handlers pass (and learn who is asking when a valid token comes along);
 * authenticated ones need a valid, unrevoked access token whose session has reached the level the
 * account requires, unless the handler allows incomplete sessions.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly signer: TokenSigner,
    private readonly revocations: SessionRevocations,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) {
      throw new ForbiddenError();
    }
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    switch (policy.kind) {
      case 'public':
        request.viewer = token ? await this.viewerOrUndefined(token) : undefined;
        return true;
      case 'authenticated': {
        if (!token) {
          throw new UnauthenticatedError();
        }
        const viewer = await this.viewer(token);
        if (!viewer.complete && !policy.allowIncomplete) {
          throw new UnauthenticatedError(messages.auth.mfaRequired);
        }
        request.viewer = viewer;
        return true;
      }
    }
  }

  async viewer(token: string): Promise<Viewer> {
    const claims = await this.signer.verify(token);
    if (await this.revocations.isRevoked(claims.sid)) {
      throw new UnauthenticatedError();
    }
    return { ...claims, complete: claims.aal === 'aal2' || claims.naal === 'aal1' };
  }

  private async viewerOrUndefined(token: string): Promise<Viewer | undefined> {
    try {
      const viewer = await this.viewer(token);
      return viewer.complete ? viewer : undefined;
    } catch {
      return undefined;
    }
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
