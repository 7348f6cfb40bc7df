import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { FormsRepository } from '@datebook/db';
import { Mailer } from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { earlyAccessAckMail } from './early-access-ack.mail';

/** Acknowledges an early-access request by e-mail, once: a retry after success finds it acknowledged. */
@Injectable()
export class EarlyAccessAckHandler implements JobHandler<'mail.early-access-ack'> {
  readonly job = 'mail.early-access-ack' as const;

  constructor(
    private readonly forms: FormsRepository,
    private readonly mailer: Mailer,
  ) {}

  async handle({ earlyAccessId }: JobPayload<'mail.early-access-ack'>): Promise<JobResult> {
    const request = await this.forms.findEarlyAccess(earlyAccessId);
    if (!request) {
      return skipped('request not found');
    }
    if (request.acknowledged_at) {
      return skipped('already acknowledged');
    }
    await this.mailer.send(earlyAccessAckMail(request));
    await this.forms.markEarlyAccessAcknowledged(earlyAccessId);
    return done();
  }
}
