import { Inject, Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { OneTimeTokensRepository, type MailableTokenRow } from '@datebook/db';
import { APP_CONFIG, hashToken, Mailer, randomToken, type AppConfig } from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { authLinkMail, authLinkUrl } from './auth-link.mail';

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
    private readonly tokens: OneTimeTokensRepository,
    private readonly mailer: Mailer,
  ) {}

  async handle({ tokenId }: JobPayload<'mail.auth-link'>): Promise<JobResult> {
    const token = randomToken();
    const row = await this.tokens.setHashForMailing(tokenId, hashToken(token));
    if (!row) {
      return skipped('token used, expired or its account deleted');
    }
    await this.mailer.send(
      authLinkMail({
        to: recipient(row),
        username: row.username,
        purpose: row.purpose,
        url: authLinkUrl(this.config.app.publicUrl, row.purpose, token),
        ttlMinutes: row.minutes_left,
      }),
    );
    return done();
  }
}

/**
 * An e-mail change's confirmation goes to the new address; its undo link to the address it would
 * replace, which the token keeps; everything else to the account's address.
 */
function recipient(row: MailableTokenRow): string {
  const changing = row.purpose === 'email_change' || row.purpose === 'email_change_undo';
  return changing && row.new_email ? row.new_email : row.email;
}
