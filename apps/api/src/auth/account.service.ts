import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emailSchema, messages, type AuthUser } from '@datebook/contracts';
import { OutboxRepository, ProfilesRepository, UsersRepository } from '@datebook/db';
import { APP_CONFIG, ConflictError, ValidationError, type AppConfig } from '@datebook/server';
import type { Viewer } from './viewer';
import { AuthUserReader } from './auth-user.reader';
import { EmailLinks } from './email-links';
import { hashPassword } from './password-hasher';
import { SessionService } from './session.service';

/** The signed-in user's own account: read it, change password or e-mail, delete it. */
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
  ) {}

  getUser(viewer: Viewer): Promise<AuthUser> {
    return this.authUsers.load(viewer.sub);
  }

  async updateUser(
    viewer: Viewer,
    change: { email?: string; password?: string },
    correlationId?: string,
  ): Promise<{ user: AuthUser; message: string }> {
    let message = '';
    if (change.password !== undefined) {
      const passwordHash = await hashPassword(change.password);
      await this.users.setPassword(viewer.sub, passwordHash);
      message = messages.auth.passwordUpdated;
    }
    if (change.email !== undefined) {
      message = await this.requestEmailChange(viewer, change.email, correlationId);
    }
    return { user: await this.authUsers.load(viewer.sub), message };
  }

  private async requestEmailChange(
    viewer: Viewer,
    rawEmail: string,
    correlationId?: string,
  ): Promise<string> {
    if (rawEmail.trim() === '') {
      throw new ValidationError([{ path: 'email', message: messages.account.emailEmpty }]);
    }
    const parsed = emailSchema.safeParse(rawEmail);
    if (!parsed.success) {
      throw new ValidationError([{ path: 'email', message: messages.forms.emailInvalid }]);
    }
    const email = parsed.data;
    return this.dataSource.transaction(async (tx) => {
      const ownerId = await this.users.in(tx).findIdHoldingEmail(email);
      if (ownerId === viewer.sub) {
        return '';
      }
      if (ownerId) {
        throw new ConflictError(messages.auth.emailAlreadyRegistered, 'email');
      }
      await this.emailLinks.request(tx, {
        userId: viewer.sub,
        purpose: 'email_change',
        newEmail: email,
        ttlMinutes: this.config.auth.emailLinkTtlMinutes,
        correlationId,
      });
      return messages.auth.emailChangeSent;
    });
  }

  /**
   * The profile (and with it every post, follow, collection and plan, by cascade) goes at once, so
   * nothing of the account is visible after this returns; the worker then removes its media objects
   * and the account row.
   */
  async deleteUser(viewer: Viewer, correlationId?: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (tx) => {
      await this.profiles.in(tx).remove(viewer.sub);
      await this.users.in(tx).markDeleted(viewer.sub);
      await this.sessions.endAllSessions(tx, viewer.sub);
      await this.outbox.in(tx).add('account.deleted', { userId: viewer.sub }, correlationId);
    });
    return { message: messages.auth.accountDeleted };
  }
}
