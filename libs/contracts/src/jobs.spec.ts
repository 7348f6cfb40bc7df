import { JOB_NAMES, jobs, outboxEvents, outboxJobId, QUEUES } from './jobs';

describe('job registry', () => {
  it('puts every job on a known queue', () => {
    for (const name of JOB_NAMES) {
      expect(QUEUES).toContain(jobs[name].queue);
    }
  });

  it('fans every outbox event out to registered jobs only', () => {
    for (const event of Object.values(outboxEvents)) {
      for (const job of event.jobs) {
        expect(JOB_NAMES).toContain(job);
      }
    }
  });

  it('derives job ids that BullMQ accepts (never a plain integer) and that differ per job', () => {
    const id = outboxJobId('42', 'mail.early-access-ack');
    expect(id).toBe('ob-42-mail.early-access-ack');
    expect(Number.isInteger(Number(id))).toBe(false);
  });

  it('accepts only bigint-shaped ids in payloads', () => {
    expect(jobs['mail.early-access-ack'].payload.safeParse({ earlyAccessId: '12' }).success).toBe(true);
    expect(jobs['mail.early-access-ack'].payload.safeParse({ earlyAccessId: '1; DROP' }).success).toBe(false);
  });
});
