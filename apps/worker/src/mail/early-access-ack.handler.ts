import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import type { JobPayload } from '@datebook/contracts';
import { EarlyAccessEntity } from '@datebook/db';
import { Mailer } from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';
import { earlyAccessAckMail } from './early-access-ack.mail';

/** Acknowledges an early-access request by e-mail, once: a retry after success finds it acknowledged. */
@Injectable()
export class EarlyAccessAckHandler implements JobHandler<'mail.early-access-ack'> {
  readonly job = 'mail.early-access-ack' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
  ) {}

  async handle({ earlyAccessId }: JobPayload<'mail.early-access-ack'>): Promise<void> {
    const requests = this.dataSource.getRepository(EarlyAccessEntity);
    const request = await requests.findOneBy({ id: earlyAccessId });
    if (!request || request.acknowledgedAt) {
      return;
    }
    await this.mailer.send(earlyAccessAckMail(request));
    await requests.update({ id: earlyAccessId, acknowledgedAt: IsNull() }, { acknowledgedAt: new Date() });
  }
}
