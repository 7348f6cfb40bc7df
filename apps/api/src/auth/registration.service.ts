import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { messages, type SignUp, type VerifyResponse, type VerifyType } from '@datebook/contracts';
import {
  APP_CONFIG,
  ConflictError,
  hashToken,
  isUniqueViolation,
  modifyReturning,
  UnauthenticatedError,
  type AppConfig,
} from '@datebook/server';
import { requestEmailLink, type LinkPurpose } from './email-links';
import { hashPassword } from './password-hasher';
import { SessionService } from './session.service';

const PURPOSE: Record<VerifyType, LinkPurpose> = {
  signup: 'confirm_email',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** The DB name of the default collection every member starts with. */
export const DEFAULT_COLLECTION_NAME = 'Saved';

/** Sign-up, e-mailed links, and password recovery. */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
  ) {}

  /** One transaction: the account, its profile, its default collection and the confirmation mail. */
  async signUp(input: SignUp, correlationId?: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(input.password);
    try {
      await this.dataSource.transaction(async (manager) => {
        const [taken] = await manager.query<Array<{ field: 'email' | 'username' }>>(
          `SELECT 'email' AS field FROM users WHERE email = $1
           UNION ALL SELECT 'username' FROM profiles WHERE lower(username) = lower($2) LIMIT 1`,
          [input.email, input.username],
        );
        if (taken) {
          throw new ConflictError(messages.auth.userAlreadyRegistered, taken.field);
        }
        const [user] = await manager.query<Array<{ id: string }>>(
          'INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id',
          [input.email, passwordHash],
        );
        const userId = user!.id;
        await manager.query('INSERT INTO profiles (id, username, display_name) VALUES ($1, $2, $2)', [
          userId,
          input.username,
        ]);
        await manager.query('INSERT INTO collections (owner_id, name, is_default) VALUES ($1, $2, true)', [
          userId,
          DEFAULT_COLLECTION_NAME,
        ]);
        await requestEmailLink(manager, {
          userId,
          purpose: 'confirm_email',
          ttlMinutes: this.config.auth.emailLinkTtlMinutes,
          correlationId,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.auth.userAlreadyRegistered);
      }
      throw error;
    }
    return { message: messages.auth.signUpSuccess };
  }

  /** Redeems an e-mailed token once. A recovery link signs the user in to set a new password. */
  async verify(token: string, type: VerifyType): Promise<VerifyResponse> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [row] = await modifyReturning<{ id: string; user_id: string; new_email: string | null }>(
          manager,
          `UPDATE one_time_tokens SET used_at = now()
            WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = user_id AND u.deleted_at IS NULL)
            RETURNING id, user_id, new_email`,
          [hashToken(token), PURPOSE[type]],
        );
        if (!row) {
          throw new UnauthenticatedError(messages.auth.tokenInvalid);
        }
        switch (type) {
          case 'signup':
            await manager.query(
              'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()) WHERE id = $1',
              [row.user_id],
            );
            // The link leads to /login: confirming is not signing in, so no session is left unused.
            return { session: null, message: messages.auth.emailConfirmed };
          case 'recovery':
            // Following the link proves the address too.
            await manager.query(
              'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()) WHERE id = $1',
              [row.user_id],
            );
            return { session: await this.sessions.issue(manager, row.user_id, 'aal1'), message: '' };
          case 'email_change':
            await manager.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1', [
              row.user_id,
              row.new_email,
            ]);
            return { session: null, message: messages.auth.emailChanged };
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.auth.emailAlreadyRegistered);
      }
      throw error;
    }
  }

  /** Answers the same whether or not the address has an account, so it reveals none. */
  async recover(email: string, correlationId?: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const [user] = await manager.query<Array<{ id: string }>>(
        'SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL',
        [email],
      );
      if (user) {
        await requestEmailLink(manager, {
          userId: user.id,
          purpose: 'recovery',
          ttlMinutes: this.config.auth.emailLinkTtlMinutes,
          correlationId,
        });
      }
    });
    return { message: messages.auth.resetLinkSent };
  }
}
