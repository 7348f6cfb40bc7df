import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type Aal, type Session } from '@datebook/contracts';
import { RefreshTokensRepository, UsersRepository } from '@datebook/db';
import { APP_CONFIG, hashToken, randomToken, UnauthenticatedError, type AppConfig } from '@datebook/server';
import type { Viewer } from './viewer';
import { AuthUserReader } from './auth-user.reader';
import { DUMMY_HASH, verifyPassword } from './password-hasher';
import { SessionRevocations } from './session-revocations';
import { TokenSigner } from './token-signer.service';

/**
 * Sessions: a short-lived access JWT plus a rotating refresh token stored as a hash. A session is a
 * refresh-token family; its id is the JWT's `sid`. Presenting a token that was already rotated means
 * it was copied: the whole family is revoked.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly signer: TokenSigner,
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly authUsers: AuthUserReader,
    private readonly revocations: SessionRevocations,
  ) {}

  async signIn(email: string, password: string, userAgent?: string): Promise<Session> {
    const user = await this.users.findCredentials(email);
    // Hash even when the address is unknown, so timing does not tell which addresses exist.
    const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
    if (!user || !valid) {
      throw new UnauthenticatedError(messages.auth.invalidCredentials);
    }
    if (!user.email_confirmed_at) {
      throw new UnauthenticatedError(messages.auth.emailNotConfirmed);
    }
    return this.dataSource.transaction((tx) => this.issue(tx, user.id, 'aal1', { userAgent }));
  }

  /** Starts a new session (family) for the user; used by sign-in, e-mailed links and MFA. */
  async issue(
    tx: EntityManager,
    userId: string,
    aal: Aal,
    options: { familyId?: string; parentId?: string; userAgent?: string } = {},
  ): Promise<Session> {
    const refreshToken = randomToken();
    const familyId = options.familyId ?? randomUUID();
    const expiresAt = new Date(Date.now() + this.config.auth.refreshTokenTtlDays * 86_400_000);
    await this.refreshTokens.in(tx).insert({
      userId,
      familyId,
      tokenHash: hashToken(refreshToken),
      parentId: options.parentId ?? null,
      expiresAt,
      aal,
      userAgent: options.userAgent ?? null,
    });
    const user = await this.authUsers.load(userId, tx);
    const nextAal: Aal = user.factors.some((factor) => factor.status === 'verified') ? 'aal2' : 'aal1';
    const { token, expiresAt: accessExpiresAt } = await this.signer.sign({
      sub: userId,
      sid: familyId,
      aal,
      naal: nextAal,
      role: user.accessType,
    });
    return {
      accessToken: token,
      refreshToken,
      tokenType: 'bearer',
      expiresIn: this.config.auth.accessTokenTtlSeconds,
      expiresAt: accessExpiresAt,
      aal,
      nextAal,
      user,
    };
  }

  async refresh(refreshToken: string): Promise<Session> {
    const outcome = await this.dataSource.transaction(async (tx) => {
      const tokens = this.refreshTokens.in(tx);
      const row = await tokens.lockForRotation(hashToken(refreshToken));
      if (!row) {
        return { kind: 'invalid' } as const;
      }
      if (row.replaced_by !== null) {
        await tokens.revokeFamily(row.family_id);
        return { kind: 'reused', familyId: row.family_id } as const;
      }
      if (row.revoked_at !== null || row.expires_at.getTime() <= Date.now()) {
        return { kind: 'invalid' } as const;
      }
      const session = await this.issue(tx, row.user_id, row.aal, {
        familyId: row.family_id,
        parentId: row.id,
      });
      await tokens.markRotated(row.id, hashToken(session.refreshToken));
      return { kind: 'rotated', session } as const;
    });
    switch (outcome.kind) {
      case 'rotated':
        return outcome.session;
      case 'reused':
        // The copy and the original both stop working, access tokens included.
        await this.revocations.revoke([outcome.familyId]);
        throw new UnauthenticatedError(messages.auth.refreshTokenInvalid);
      case 'invalid':
        throw new UnauthenticatedError(messages.auth.refreshTokenInvalid);
    }
  }

  async signOut(viewer: Viewer, scope: 'global' | 'local'): Promise<void> {
    if (scope === 'global') {
      await this.endAllSessions(this.dataSource.manager, viewer.sub);
      return;
    }
    await this.endSession(this.dataSource.manager, viewer.sid);
  }

  /** Ends one session: its refresh tokens and, through Redis, its live access tokens. */
  async endSession(tx: EntityManager, familyId: string): Promise<void> {
    await this.refreshTokens.in(tx).revokeFamily(familyId);
    await this.revocations.revoke([familyId]);
  }

  /** Ends every session of the user that could still hold a live access token. */
  async endAllSessions(tx: EntityManager, userId: string): Promise<void> {
    const tokens = this.refreshTokens.in(tx);
    const families = await tokens.familiesIssuedWithin(userId, this.config.auth.accessTokenTtlSeconds);
    await tokens.revokeAllOfUser(userId);
    await this.revocations.revoke(families);
  }
}
