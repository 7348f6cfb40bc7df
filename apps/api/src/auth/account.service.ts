import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emailSchema, messages, type AuthUser } from '@datebook/contracts';
import { APP_CONFIG, ConflictError, ValidationError, writeOutbox, type AppConfig } from '@datebook/server';
import type { Viewer } from './auth.decorators';
import { AuthUserReader } from './auth-user.reader';
import { requestEmailLink } from './email-links';
import { hashPassword } from './password-hasher';
import { SessionService } from './session.service';

/** The signed-in user's own account: read it, change password or e-mail, delete it. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly users: AuthUserReader,
    private readonly sessions: SessionService,
  ) {}

  getUser(viewer: Viewer): Promise<AuthUser> {
    return this.users.load(viewer.sub);
  }

  async updateUser(
    viewer: Viewer,
    change: { email?: string; password?: string },
    correlationId?: string,
  ): Promise<{ user: AuthUser; message: string }> {
    let message = '';
    if (change.password !== undefined) {
      const passwordHash = await hashPassword(change.password);
      await this.dataSource.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        viewer.sub,
        passwordHash,
      ]);
      message = messages.auth.passwordUpdated;
    }
    if (change.email !== undefined) {
      message = await this.requestEmailChange(viewer, change.email, correlationId);
    }
    return { user: await this.users.load(viewer.sub), message };
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
    return this.dataSource.transaction(async (manager) => {
      const [owner] = await manager.query<Array<{ id: string }>>('SELECT id FROM users WHERE email = $1', [
        email,
      ]);
      if (owner?.id === viewer.sub) {
        return '';
      }
      if (owner) {
        throw new ConflictError(messages.auth.emailAlreadyRegistered, 'email');
      }
      await requestEmailLink(manager, {
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
    await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM profiles WHERE id = $1', [viewer.sub]);
      await manager.query('UPDATE users SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [
        viewer.sub,
      ]);
      await this.sessions.endAllSessions(manager, viewer.sub);
      await writeOutbox(manager, 'account.deleted', { userId: viewer.sub }, correlationId);
    });
    return { message: messages.auth.accountDeleted };
  }
}
