import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type SignUp, type VerifyType } from '@datebook/contracts';
import {
  CollectionsRepository,
  OneTimeTokensRepository,
  OutboxRepository,
  ProfilesRepository,
  UsersRepository,
  type OneTimeTokenPurpose,
  type RedeemedTokenRow,
} from '@datebook/db';
import {
  APP_CONFIG,
  ConflictError,
  hashToken,
  isUniqueViolation,
  UnauthenticatedError,
  type AppConfig,
} from '@datebook/server';
import { AccountThrottle } from './account-throttle';
import { EmailLinks } from './email-links';
import { hashPassword } from './password-hasher';
import { SessionService, type IssuedSession } from './session.service';

const PURPOSE: Record<VerifyType, OneTimeTokenPurpose> = {
  signup: 'confirm_email',
  recovery: 'recovery',
  email_change: 'email_change',
  email_change_undo: 'email_change_undo',
};

/** Sign-up, e-mailed links, and password recovery. */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesRepository,
    private readonly collections: CollectionsRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly outbox: OutboxRepository,
    private readonly emailLinks: EmailLinks,
    private readonly sessions: SessionService,
    private readonly throttle: AccountThrottle,
  ) {}

  /**
   * One transaction: the account, its profile, its default collection, the confirmation mail, and
   * `profile.changed` so the member is in user search from the start (issue 24).
   */
  async signUp(input: SignUp, correlationId?: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(input.password);
    try {
      await this.dataSource.transaction(async (tx) => {
        const users = this.users.in(tx);
        const taken = await users.findTakenField(input.email, input.username);
        if (taken) {
          throw new ConflictError(messages.auth.userAlreadyRegistered, taken);
        }
        const userId = await users.insert(input.email, passwordHash);
        await this.profiles.in(tx).create(userId, input.username);
        await this.collections.in(tx).createDefault(userId);
        await this.outbox.in(tx).add('profile.changed', { profileId: userId }, correlationId);
        await this.emailLinks.request(tx, {
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

  /**
   * Redeems an e-mailed token once. A recovery link, and the undo of an e-mail change, sign the user
   * in to set a new password.
   */
  async verify(token: string, type: VerifyType): Promise<{ session: IssuedSession | null; message: string }> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        const tokens = this.tokens.in(tx);
        const users = this.users.in(tx);
        const row = await tokens.redeem(hashToken(token), PURPOSE[type]);
        if (!row) {
          // A spent sign-up link on a confirmed address sends its member to log in instead.
          throw new UnauthenticatedError(
            type === 'signup' && (await tokens.isSpentConfirmation(hashToken(token)))
              ? messages.auth.confirmationLinkUsed
              : messages.auth.tokenInvalid,
          );
        }
        switch (type) {
          case 'signup':
            await users.confirmEmail(row.user_id);
            // Indexed again on confirmation: a member whose sign-up event was lost is found from here on.
            await this.outbox.in(tx).add('profile.changed', { profileId: row.user_id });
            // The link leads to /login: confirming is not signing in, so no session is left unused.
            return { session: null, message: messages.auth.emailConfirmed };
          case 'recovery':
            // Following the link proves the address too.
            await users.confirmEmail(row.user_id);
            return {
              session: await this.sessions.issue(tx, row.user_id, 'aal1', { recovery: true }),
              message: '',
            };
          case 'email_change':
            await users.setEmail(row.user_id, row.new_email!);
            return { session: null, message: messages.auth.emailChanged };
          case 'email_change_undo':
            return { session: await this.undoEmailChange(tx, row), message: messages.auth.emailChangeUndone };
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.auth.emailAlreadyRegistered);
      }
      throw error;
    }
  }

  /**
   * Whoever asked for the change may hold a session, the password and links mailed to the address
   * they set: the address goes back (or a pending change dies unconfirmed), their pending change
   * and recovery links die, every session ends, and the owner gets a recovery session to choose a
   * new password at once. Undo links issued since this one die too (a taker's undo would restore
   * their address), while older ones stay armed, so undoing a later change cannot disarm the
   * owner's link to an earlier address.
   */
  private async undoEmailChange(tx: EntityManager, row: RedeemedTokenRow): Promise<IssuedSession> {
    const tokens = this.tokens.in(tx);
    await this.users.in(tx).setEmail(row.user_id, row.new_email!);
    await tokens.voidUnused(row.user_id, ['email_change', 'recovery']);
    await tokens.voidUnusedIssuedSince(row.user_id, 'email_change_undo', row.id);
    await this.sessions.endAllSessions(tx, row.user_id);
    return this.sessions.issue(tx, row.user_id, 'aal1', { recovery: true });
  }

  /** Answers the same whether or not the address has an account, so it reveals none. */
  async recover(email: string, correlationId?: string): Promise<{ message: string }> {
    await this.throttle.ensureRecoveryMailAllowed(email);
    await this.dataSource.transaction(async (tx) => {
      const userId = await this.users.in(tx).findActiveIdByEmail(email);
      if (userId && (await this.throttle.takeRecoveryMail(userId))) {
        await this.emailLinks.request(tx, {
          userId,
          purpose: 'recovery',
          ttlMinutes: this.config.auth.emailLinkTtlMinutes,
          correlationId,
        });
      }
    });
    return { message: messages.auth.resetLinkSent };
  }
}
