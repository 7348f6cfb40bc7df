import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type Aal, type Session } from '@datebook/contracts';
import { APP_CONFIG, hashToken, randomToken, UnauthenticatedError, type AppConfig } from '@datebook/server';
import type { Viewer } from './auth.decorators';
import { AuthUserReader } from './auth-user.reader';
import { DUMMY_HASH, verifyPassword } from './password-hasher';
import { SessionRevocations } from './session-revocations';
import { TokenSigner } from './token-signer.service';

interface RefreshRow {
  id: string;
  user_id: string;
  family_id: string;
  aal: Aal;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
}

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
    private readonly users: AuthUserReader,
    private readonly revocations: SessionRevocations,
  ) {}

  async signIn(email: string, password: string, userAgent?: string): Promise<Session> {
    const [user] = await this.dataSource.query<
      Array<{ id: string; password_hash: string; email_confirmed_at: Date | null }>
    >('SELECT id, password_hash, email_confirmed_at FROM users WHERE email = $1 AND deleted_at IS NULL', [
      email,
    ]);
    // Hash even when the address is unknown, so timing does not tell which addresses exist.
    const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
    if (!user || !valid) {
      throw new UnauthenticatedError(messages.auth.invalidCredentials);
    }
    if (!user.email_confirmed_at) {
      throw new UnauthenticatedError(messages.auth.emailNotConfirmed);
    }
    return this.dataSource.transaction((manager) => this.issue(manager, user.id, 'aal1', { userAgent }));
  }

  /** Starts a new session (family) for the user; used by sign-in, e-mailed links and MFA. */
  async issue(
    manager: EntityManager,
    userId: string,
    aal: Aal,
    options: { familyId?: string; parentId?: string; userAgent?: string } = {},
  ): Promise<Session> {
    const refreshToken = randomToken();
    const familyId = options.familyId ?? randomUUID();
    const expiresAt = new Date(Date.now() + this.config.auth.refreshTokenTtlDays * 86_400_000);
    const [row] = await manager.query<Array<{ id: string }>>(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_id, expires_at, aal, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        userId,
        familyId,
        hashToken(refreshToken),
        options.parentId ?? null,
        expiresAt,
        aal,
        options.userAgent ?? null,
      ],
    );
    const user = await this.users.load(userId, manager);
    const nextAal: Aal = user.factors.some((factor) => factor.status === 'verified') ? 'aal2' : 'aal1';
    const { token, expiresAt: accessExpiresAt } = await this.signer.sign({
      sub: userId,
      sid: familyId,
      aal,
      naal: nextAal,
      role: user.accessType,
    });
    if (!row) {
      throw new Error('refresh token insert returned no row');
    }
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
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<RefreshRow[]>(
        `SELECT r.id, r.user_id, r.family_id, r.aal, r.expires_at, r.revoked_at, r.replaced_by
           FROM refresh_tokens r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
          WHERE r.token_hash = $1 FOR UPDATE OF r`,
        [hashToken(refreshToken)],
      );
      if (!row) {
        return { kind: 'invalid' } as const;
      }
      if (row.replaced_by !== null) {
        await manager.query(
          'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
          [row.family_id],
        );
        return { kind: 'reused', familyId: row.family_id } as const;
      }
      if (row.revoked_at !== null || row.expires_at.getTime() <= Date.now()) {
        return { kind: 'invalid' } as const;
      }
      const session = await this.issue(manager, row.user_id, row.aal, {
        familyId: row.family_id,
        parentId: row.id,
      });
      await manager.query(
        `UPDATE refresh_tokens SET revoked_at = now(),
                replaced_by = (SELECT id FROM refresh_tokens WHERE token_hash = $2)
          WHERE id = $1`,
        [row.id, hashToken(session.refreshToken)],
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
  async endSession(manager: EntityManager, familyId: string): Promise<void> {
    await manager.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
    await this.revocations.revoke([familyId]);
  }

  /** Ends every session of the user that could still hold a live access token. */
  async endAllSessions(manager: EntityManager, userId: string): Promise<void> {
    const families = await manager.query<Array<{ family_id: string }>>(
      `SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [userId, this.config.auth.accessTokenTtlSeconds],
    );
    await manager.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
    await this.revocations.revoke(families.map((row) => row.family_id));
  }
}
