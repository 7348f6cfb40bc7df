import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type Aal, type Session } from '@datebook/contracts';
import { RefreshTokensRepository, UsersRepository } from '@datebook/db';
import {
  APP_CONFIG,
  hashToken,
  open,
  randomToken,
  seal,
  UnauthenticatedError,
  type AppConfig,
} from '@datebook/server';
import type { Viewer } from './viewer';
import { AccountThrottle } from './account-throttle';
import { AuthUserReader } from './auth-user.reader';
import { DUMMY_HASH, verifyPassword } from './password-hasher';
import { SessionRevocations } from './session-revocations';
import { TokenSigner } from './token-signer.service';

/**
 * How long a rotated refresh token may be presented again and get the same successor (GoTrue's
 * reuse interval): two tabs or a retried request racing with one token are not a stolen copy.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

/** A session as the api makes it: the body's fields, and the refresh token for the cookie. */
export type IssuedSession = Session & { refreshToken: string };

/**
 * Sessions: a short-lived access JWT plus a rotating refresh token stored as a hash. A session is a
 * refresh-token family; its id is the JWT's `sid`. Presenting a token that was already rotated means
 * it was copied — unless it comes back within the reuse interval, which is a race: then the caller
 * gets the same successor. Otherwise the whole family is revoked.
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
    private readonly throttle: AccountThrottle,
  ) {}

  /** Failures count per address too, known or not, so waits do not tell which addresses exist. */
  async signIn(email: string, password: string, userAgent?: string): Promise<IssuedSession> {
    await this.throttle.ensureMayTry('sign-in', email);
    const user = await this.users.findCredentials(email);
    // Hash even when the address is unknown, so timing does not tell which addresses exist.
    const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
    if (!user || !valid) {
      await this.throttle.failed('sign-in', email);
      throw new UnauthenticatedError(messages.auth.invalidCredentials);
    }
    await this.throttle.succeeded('sign-in', email);
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
    options: { familyId?: string; parentId?: string; userAgent?: string; recovery?: true } = {},
  ): Promise<IssuedSession> {
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
    return this.withAccessToken(tx, { userId, familyId, aal, refreshToken, recovery: options.recovery });
  }

  /** The session answer for a refresh token: a fresh access token for its family. */
  private async withAccessToken(
    tx: EntityManager,
    input: { userId: string; familyId: string; aal: Aal; refreshToken: string; recovery?: true },
  ): Promise<IssuedSession> {
    const { userId, familyId, aal, refreshToken, recovery } = input;
    const user = await this.authUsers.load(userId, tx);
    const nextAal: Aal = user.factors.some((factor) => factor.status === 'verified') ? 'aal2' : 'aal1';
    const { token, expiresAt: accessExpiresAt } = await this.signer.sign({
      sub: userId,
      sid: familyId,
      aal,
      naal: nextAal,
      role: user.accessType,
      recovery,
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

  async refresh(refreshToken: string): Promise<IssuedSession> {
    const outcome = await this.dataSource.transaction(async (tx) => {
      const tokens = this.refreshTokens.in(tx);
      const row = await tokens.lockForRotation(hashToken(refreshToken), REFRESH_REUSE_INTERVAL_SECONDS);
      if (!row) {
        return { kind: 'invalid' } as const;
      }
      if (row.replaced_by !== null) {
        const racing = row.rotated_within_reuse_interval && (await tokens.isLive(row.replaced_by));
        if (racing && row.successor_sealed !== null) {
          const successor = open(successorKey(refreshToken), row.successor_sealed);
          const session = await this.withAccessToken(tx, {
            userId: row.user_id,
            familyId: row.family_id,
            aal: row.aal,
            refreshToken: successor,
          });
          return { kind: 'rotated', session } as const;
        }
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
      await tokens.markRotated(
        row.id,
        hashToken(session.refreshToken),
        seal(successorKey(refreshToken), session.refreshToken),
      );
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

  /**
   * Ends every session of the user (but `keepSessionId`, the caller's own, when given): refresh
   * tokens at once, and through Redis every session that could still hold a live access token. A
   * refresh racing within the reuse interval mints an access token without writing a row, so the
   * look-back is an access token's life plus that interval.
   */
  async endAllSessions(tx: EntityManager, userId: string, keepSessionId?: string): Promise<void> {
    const tokens = this.refreshTokens.in(tx);
    const families = await tokens.familiesIssuedWithin(
      userId,
      this.config.auth.accessTokenTtlSeconds + REFRESH_REUSE_INTERVAL_SECONDS,
      keepSessionId,
    );
    await tokens.revokeAllOfUser(userId, keepSessionId);
    await this.revocations.revoke(families);
  }
}

/**
 * The key that seals a token's successor: derived from the raw token, which is stored nowhere, so
 * the sealed successor in the database is useless without the token it replaced.
 */
function successorKey(refreshToken: string): Buffer {
  return createHmac('sha256', refreshToken).update('refresh-token-successor').digest();
}
