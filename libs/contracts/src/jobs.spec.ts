import { JOB_NAMES, jobSchedules, jobs, outboxEvents, outboxJobId, QUEUES } from './jobs';

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

  it('schedules registered jobs only, each with the empty payload a scheduler gives it', () => {
    for (const { job } of Object.values(jobSchedules)) {
      expect(JOB_NAMES).toContain(job);
      expect(jobs[job].payload.safeParse({}).success).toBe(true);
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

  // The relay hands an event's payload to each of its jobs as it is, so every job must accept it.
  it.each([
    ['post.created', { kind: 'activity', postId: '7' }],
    ['post.updated', { kind: 'date', postId: '7' }],
    ['post.deleted', { kind: 'date', postId: '7', userId: '0b7c6d2e-4a59-4f7e-9d43-2f1c0e9a8b11', keys: [] }],
    ['profile.changed', { profileId: '0b7c6d2e-4a59-4f7e-9d43-2f1c0e9a8b11' }],
    ['account.deleted', { userId: '0b7c6d2e-4a59-4f7e-9d43-2f1c0e9a8b11' }],
  ] as const)('fans %s out to search jobs that accept its payload', (type, payload) => {
    const event = outboxEvents[type];
    const parsed = event.payload.parse(payload);
    const searchJobs = event.jobs.filter((job) => jobs[job].queue === 'search-index');
    expect(searchJobs).toHaveLength(1);
    for (const job of event.jobs) {
      expect(jobs[job].payload.safeParse(parsed).success).toBe(true);
    }
  });

  it('hands a copied photo’s keys to the copy job on the media queue, and refuses a copy of nothing', () => {
    const event = outboxEvents['post-media.copied'];
    const payload = event.payload.parse({ postMediaId: '9', sourceKeys: ['u/activity-media/t-1080.jpg'] });
    expect(event.jobs).toEqual(['media.copy-post-media']);
    expect(jobs['media.copy-post-media'].queue).toBe('media');
    expect(jobs['media.copy-post-media'].payload.safeParse(payload).success).toBe(true);
    expect(event.payload.safeParse({ postMediaId: '9', sourceKeys: [] }).success).toBe(false);
    expect(event.payload.safeParse({ postMediaId: 'x', sourceKeys: ['k'] }).success).toBe(false);
  });
});
