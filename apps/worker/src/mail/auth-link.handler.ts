import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobPayload } from '@datebook/contracts';
import {
  APP_CONFIG,
  hashToken,
  Mailer,
  modifyReturning,
  randomToken,
  type AppConfig,
} from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';
import { authLinkMail, authLinkUrl, type AuthLinkPurpose } from './auth-link.mail';

interface TokenRow {
  purpose: AuthLinkPurpose;
  new_email: string | null;
  email: string;
  username: string;
  minutes_left: number;
}

/**
 * Mails the link of a one-time token. The raw token is made here and only its hash stored, so no
 * table or queue ever holds a usable link; a retry makes a fresh token, which replaces the one a
 * failed attempt may have mailed. A used, expired or replaced token is not mailed at all.
 */
@Injectable()
export class AuthLinkHandler implements JobHandler<'mail.auth-link'> {
  readonly job = 'mail.auth-link' as const;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
  ) {}

  async handle({ tokenId }: JobPayload<'mail.auth-link'>): Promise<void> {
    const token = randomToken();
    const [row] = await modifyReturning<TokenRow>(
      this.dataSource,
      `UPDATE one_time_tokens t SET token_hash = $2
         FROM users u JOIN profiles p ON p.id = u.id
        WHERE t.id = $1 AND u.id = t.user_id AND t.used_at IS NULL AND t.expires_at > now() AND u.deleted_at IS NULL
        RETURNING t.purpose, t.new_email, u.email, p.username,
                  ceil(extract(epoch FROM t.expires_at - now()) / 60)::int AS minutes_left`,
      [tokenId, hashToken(token)],
    );
    if (!row) {
      return;
    }
    await this.mailer.send(
      authLinkMail({
        to: row.purpose === 'email_change' && row.new_email ? row.new_email : row.email,
        username: row.username,
        purpose: row.purpose,
        url: authLinkUrl(this.config.app.publicUrl, row.purpose, token),
        ttlMinutes: row.minutes_left,
      }),
    );
  }
}
