import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { emailSchema, messages, type AuthUser } from '@datebook/contracts';
import {
  FollowRequestsRepository,
  OutboxRepository,
  ProfilesRepository,
  UsersRepository,
} from '@datebook/db';
import { APP_CONFIG, ConflictError, ValidationError, type AppConfig } from '@datebook/server';
import { FollowEvents } from '../follows/follow-events';
import type { Viewer } from './viewer';
import { AccountThrottle } from './account-throttle';
import { AuthUserReader } from './auth-user.reader';
import { EmailLinks } from './email-links';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hasher';
import { SessionService } from './session.service';

/** How long the link that undoes an e-mail change works: the old address may be read only days later. */
export const EMAIL_CHANGE_UNDO_TTL_MINUTES = 7 * 24 * 60;

/**
 * The signed-in user's own account: read it, change password or e-mail, delete it. A stolen access
 * token is not enough to take the account over: both changes need the current password, a new
 * password ends every other session, and an e-mail change is announced to the old address with a
 * link that undoes it.
 */
@Injectable()
export class AccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly authUsers: AuthUserReader,
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesRepository,
    private readonly outbox: OutboxRepository,
    private readonly emailLinks: EmailLinks,
    private readonly sessions: SessionService,
    private readonly throttle: AccountThrottle,
    private readonly followRequests: FollowRequestsRepository,
    private readonly followEvents: FollowEvents,
  ) {}

  getUser(viewer: Viewer): Promise<AuthUser> {
    return this.authUsers.load(viewer.sub);
  }

  async updateUser(
    viewer: Viewer,
    change: { email?: string; password?: string; currentPassword?: string },
    correlationId?: string,
  ): Promise<{ user: AuthUser; message: string }> {
    // A malformed address is refused first: the form's own mistakes come before the password check.
    const email = change.email === undefined ? undefined : parseNewEmail(change.email);
    // A session a recovery link started sets a new password without the old one it has forgotten.
    const recoveringPassword = viewer.recovery === true && change.email === undefined;
    if (!recoveringPassword) {
      await this.confirmCurrentPassword(viewer, change.currentPassword);
    }
    const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
    // One transaction, the address first: a taken address refuses the whole change before a new
    // password is stored or any session (whose Redis marks no rollback undoes) is ended.
    const { emailMessage, passwordChangedFor } = await this.dataSource.transaction(async (tx) => {
      const emailMessage =
        email === undefined ? undefined : await this.requestEmailChange(tx, viewer, email, correlationId);
      const passwordChangedFor =
        passwordHash === undefined ? undefined : await this.setPassword(tx, viewer, passwordHash);
      return { emailMessage, passwordChangedFor };
    });
    // The owner proved themselves: guesses at the old password no longer keep them waiting.
    if (passwordChangedFor) {
      await this.throttle.succeeded('sign-in', passwordChangedFor);
    }
    const passwordMessage = passwordHash === undefined ? '' : messages.auth.passwordUpdated;
    return { user: await this.authUsers.load(viewer.sub), message: emailMessage ?? passwordMessage };
  }

  /** Stores the new password and ends every other session; gives the account's address. */
  private async setPassword(
    tx: EntityManager,
    viewer: Viewer,
    passwordHash: string,
  ): Promise<string | undefined> {
    await this.users.in(tx).setPassword(viewer.sub, passwordHash);
    await this.sessions.endAllSessions(tx, viewer.sub, viewer.sid);
    return this.users.in(tx).findEmail(viewer.sub);
  }

  private async confirmCurrentPassword(viewer: Viewer, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) {
      throw new ValidationError([
        { path: 'currentPassword', message: messages.auth.currentPasswordRequired },
      ]);
    }
    // A stolen session must not become an unlimited password oracle.
    await this.throttle.ensureMayTry('current-password', viewer.sub);
    const hash = await this.users.findPasswordHash(viewer.sub);
    if (!(await verifyPassword(hash ?? DUMMY_HASH, currentPassword))) {
      await this.throttle.failed('current-password', viewer.sub);
      throw new ValidationError([{ path: 'currentPassword', message: messages.auth.currentPasswordWrong }]);
    }
    await this.throttle.succeeded('current-password', viewer.sub);
  }

  private async requestEmailChange(
    tx: EntityManager,
    viewer: Viewer,
    email: string,
    correlationId?: string,
  ): Promise<string> {
    const ownerId = await this.users.in(tx).findIdHoldingEmail(email);
    if (ownerId === viewer.sub) {
      return '';
    }
    if (ownerId) {
      throw new ConflictError(messages.auth.emailAlreadyRegistered, 'email');
    }
    const currentEmail = await this.users.in(tx).findEmail(viewer.sub);
    await this.emailLinks.request(tx, {
      userId: viewer.sub,
      purpose: 'email_change',
      newEmail: email,
      ttlMinutes: this.config.auth.emailLinkTtlMinutes,
      correlationId,
    });
    // The undo link keeps the address to go back to, and is mailed there. Earlier undo links stay
    // armed: a second change by whoever took the session must not disarm the owner's.
    await this.emailLinks.request(tx, {
      userId: viewer.sub,
      purpose: 'email_change_undo',
      newEmail: currentEmail,
      ttlMinutes: EMAIL_CHANGE_UNDO_TTL_MINUTES,
      correlationId,
      keepEarlier: true,
    });
    return messages.auth.emailChangeSent;
  }

  /**
   * The profile (and with it every post, follow, collection and plan, by cascade) goes at once, so
   * nothing of the account is visible after this returns; the worker then removes its media objects
   * and the account row.
   */
  async deleteUser(
    viewer: Viewer,
    currentPassword: string | undefined,
    correlationId?: string,
  ): Promise<{ message: string }> {
    await this.confirmCurrentPassword(viewer, currentPassword);
    const askedMembers = await this.dataSource.transaction(async (tx) => {
      // The profile's cascade would take these too, silently; taken first, each member asked is told.
      const asked = await this.followRequests.in(tx).removeFrom(viewer.sub);
      await this.profiles.in(tx).remove(viewer.sub);
      await this.users.in(tx).markDeleted(viewer.sub);
      await this.sessions.endAllSessions(tx, viewer.sub);
      await this.outbox.in(tx).add('account.deleted', { userId: viewer.sub }, correlationId);
      return asked;
    });
    await Promise.all(askedMembers.map((memberId) => this.followEvents.requestsChanged(memberId)));
    return { message: messages.auth.accountDeleted };
  }
}

function parseNewEmail(rawEmail: string): string {
  if (rawEmail.trim() === '') {
    throw new ValidationError([{ path: 'email', message: messages.account.emailEmpty }]);
  }
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) {
    throw new ValidationError([{ path: 'email', message: messages.forms.emailInvalid }]);
  }
  return parsed.data;
}
