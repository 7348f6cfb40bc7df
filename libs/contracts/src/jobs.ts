import { z } from 'zod';

/**
 * The typed job registry: every queue, every job with its payload schema and its queue, the jobs that
 * run on a schedule, and every outbox event with the jobs it fans out to. Names live here only;
 * nothing else retypes them. Payloads are ids: handlers re-read the rows, so a retried job acts on
 * current state.
 */
export const QUEUES = ['mail', 'media', 'search-index', 'housekeeping', 'feed'] as const;
export type QueueName = (typeof QUEUES)[number];

const id = z.string().regex(/^\d+$/, 'a bigint id as a string');
const postKind = z.enum(['activity', 'date']);
/**
 * Object keys one delete job carries. A post has at most 10 media, each an upload plus a few
 * renditions and a poster; an avatar has three renditions, a collection cover two and its original.
 */
export const OBJECT_KEYS_PER_JOB = 100;
const uuid = z.uuid();
/**
 * A media row made as a copy of another post's photo, and the source objects to copy (its renditions
 * as the source row named them when the copy was made; that row may be gone when the job runs).
 */
const postMediaCopy = z.object({
  postMediaId: id,
  sourceKeys: z.array(z.string().min(1)).min(1).max(OBJECT_KEYS_PER_JOB),
});

export const jobs = {
  'mail.early-access-ack': { queue: 'mail', payload: z.object({ earlyAccessId: id }) },
  /** Mails the link of a one-time token (confirmation, recovery, e-mail change). */
  'mail.auth-link': { queue: 'mail', payload: z.object({ tokenId: uuid }) },
  /** Removes a deleted account's media objects, then its remaining rows. */
  'account.purge': { queue: 'housekeeping', payload: z.object({ userId: uuid }) },
  /** Verifies an uploaded avatar, writes its square JPEGs and points the profile at them. */
  'media.process-avatar': { queue: 'media', payload: z.object({ uploadId: uuid }) },
  /**
   * Verifies an uploaded collection cover, writes its square JPEGs and shows them on the collection
   * that still has it as its cover.
   */
  'media.process-collection-cover': { queue: 'media', payload: z.object({ uploadId: uuid }) },
  /**
   * Verifies a post's photo or video, writes its renditions (photos) or reads its facts and poster
   * (videos), then marks it ready or failed and tells the owner.
   */
  'media.process-post-media': { queue: 'media', payload: z.object({ postMediaId: id }) },
  /**
   * Copies another post's photo (a plan's activity cover picked for its recap) onto a post's media
   * row: each source object to the row's own keys, then marks it ready, or failed when the source
   * objects are gone.
   */
  'media.copy-post-media': { queue: 'media', payload: postMediaCopy },
  /** Removes objects whose rows are gone (a deleted post's media and renditions). */
  'media.delete-objects': {
    queue: 'housekeeping',
    payload: z.object({ keys: z.array(z.string().min(1)).max(OBJECT_KEYS_PER_JOB) }),
  },
  /** Scheduled: deletes outbox rows dispatched long enough ago that nobody needs them. */
  'housekeeping.prune-outbox': { queue: 'housekeeping', payload: z.object({}) },
  /** Scheduled: removes the rows and objects of uploads still unused (or failed) a day later. */
  'housekeeping.prune-stale-uploads': { queue: 'housekeeping', payload: z.object({}) },
  /**
   * Queued once as the worker boots: moves ready media stored before keys carried a random token
   * (issue 10) to fresh keys; the old objects go by `media.rekeyed`. Nothing left, it does nothing.
   */
  'media.rekey-legacy': { queue: 'housekeeping', payload: z.object({}) },
  /**
   * Queued once as the worker boots: gives every ready photo or video processed before ThumbHashes
   * (issue 24) its ThumbHash, from a rendition already stored. Nothing left, it does nothing.
   */
  'media.backfill-thumbhashes': { queue: 'housekeeping', payload: z.object({}) },
  /** Scores one post for For You as it is now, or drops its score once it is gone or ineligible. */
  'feed.score-post': { queue: 'feed', payload: z.object({ kind: postKind, postId: id }) },
  /** Scheduled: rescores recent posts (likes, comments and saves raise no events). */
  'feed.rescore-recent': { queue: 'feed', payload: z.object({}) },
  /** Re-derives one post's search document as it is now, or removes it once it is gone or unsearchable. */
  'search.index-post': { queue: 'search-index', payload: z.object({ kind: postKind, postId: id }) },
  /** Re-derives a profile's search document and the author facts on all its posts' documents. */
  'search.index-profile': { queue: 'search-index', payload: z.object({ profileId: uuid }) },
  /** Removes every search document of an account being deleted (the profile and its posts). */
  'search.remove-account': { queue: 'search-index', payload: z.object({ userId: uuid }) },
  /** Scheduled: copies like, comment and save counts onto recent posts' search documents. */
  'search.refresh-counts': { queue: 'search-index', payload: z.object({}) },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]['payload']>;
export const JOB_NAMES = Object.keys(jobs) as JobName[];

/** How often a scheduled job runs: every so many milliseconds, or at a cron pattern. */
export type JobRepeat = { every: number } | { pattern: string };

/** Fresh enough that a post's new likes lift it within minutes; cheap because only recent posts are rescored. */
export const RESCORE_EVERY_MS = 5 * 60 * 1000;
/** Counts on recent documents lag likes, comments and saves by at most this much. */
export const REFRESH_COUNTS_EVERY_MS = 5 * 60 * 1000;
const HOURLY = { every: 60 * 60 * 1000 };

/**
 * The recurring jobs, keyed by their BullMQ job scheduler id. A scheduler is upserted by its id, so
 * every worker replica registers all of them at boot and there is still one schedule of each; an id
 * renamed here would leave the old schedule running beside the new one. Scheduled jobs take no payload.
 */
export const jobSchedules = {
  'prune-outbox': { job: 'housekeeping.prune-outbox', repeat: HOURLY },
  'prune-stale-uploads': { job: 'housekeeping.prune-stale-uploads', repeat: HOURLY },
  'rescore-recent': { job: 'feed.rescore-recent', repeat: { every: RESCORE_EVERY_MS } },
  'refresh-counts': { job: 'search.refresh-counts', repeat: { every: REFRESH_COUNTS_EVERY_MS } },
} as const satisfies Record<string, { job: JobName; repeat: JobRepeat }>;

export const outboxEvents = {
  'early-access.requested': {
    payload: z.object({ earlyAccessId: id }),
    jobs: ['mail.early-access-ack'],
  },
  'auth.link-requested': {
    payload: z.object({ tokenId: uuid }),
    jobs: ['mail.auth-link'],
  },
  'account.deleted': {
    payload: z.object({ userId: uuid }),
    jobs: ['account.purge', 'search.remove-account'],
  },
  /** A profile's username, display name, bio, privacy or access type changed. */
  'profile.changed': {
    payload: z.object({ profileId: uuid }),
    jobs: ['search.index-profile'],
  },
  'avatar.uploaded': {
    payload: z.object({ uploadId: uuid }),
    jobs: ['media.process-avatar'],
  },
  /** A newer avatar took over: the old renditions' keys, their upload rows already gone. */
  'avatar.replaced': {
    payload: z.object({ userId: uuid, keys: z.array(z.string().min(1)).max(OBJECT_KEYS_PER_JOB) }),
    jobs: ['media.delete-objects'],
  },
  'collection-cover.chosen': {
    payload: z.object({ uploadId: uuid }),
    jobs: ['media.process-collection-cover'],
  },
  /**
   * A collection's cover was replaced by a newer choice, or went with its collection: the objects of
   * its upload (the original and any renditions), the row already gone.
   */
  'collection-cover.discarded': {
    payload: z.object({ userId: uuid, keys: z.array(z.string().min(1)).max(OBJECT_KEYS_PER_JOB) }),
    jobs: ['media.delete-objects'],
  },
  /** Notifications will listen too. */
  'post.created': {
    payload: z.object({ kind: postKind, postId: id }),
    jobs: ['feed.score-post', 'search.index-post'],
  },
  'post.updated': {
    payload: z.object({ kind: postKind, postId: id }),
    jobs: ['feed.score-post', 'search.index-post'],
  },
  /** Carries the object keys: the rows that named them are gone by the time the job runs. */
  'post.deleted': {
    payload: z.object({
      kind: postKind,
      postId: id,
      userId: uuid,
      keys: z.array(z.string().min(1)).max(OBJECT_KEYS_PER_JOB),
    }),
    jobs: ['media.delete-objects', 'feed.score-post', 'search.index-post'],
  },
  'post-media.uploaded': {
    payload: z.object({ postMediaId: id }),
    jobs: ['media.process-post-media'],
  },
  /**
   * A post's media row was made as a copy of another post's photo (Date Completed's photos from the
   * plan's activities); the objects are still to be copied.
   */
  'post-media.copied': {
    payload: postMediaCopy,
    jobs: ['media.copy-post-media'],
  },
  /** Media moved to keys with a random token: the old keys, which no row names any more. */
  'media.rekeyed': {
    payload: z.object({ keys: z.array(z.string().min(1)).max(OBJECT_KEYS_PER_JOB) }),
    jobs: ['media.delete-objects'],
  },
} as const satisfies Record<string, { payload: z.ZodType; jobs: readonly JobName[] }>;

export type OutboxEventType = keyof typeof outboxEvents;
export type OutboxEventPayload<T extends OutboxEventType> = z.infer<(typeof outboxEvents)[T]['payload']>;
export const OUTBOX_EVENT_TYPES = Object.keys(outboxEvents) as OutboxEventType[];

/** The channel the api NOTIFYs on after writing outbox rows; the worker's relay LISTENs on it. */
export const OUTBOX_NOTIFY_CHANNEL = 'outbox_new';

/** BullMQ job ids must not be plain integers: an outbox-born job is `ob-<outboxId>-<jobName>`. */
export function outboxJobId(outboxId: string, jobName: JobName): string {
  return `ob-${outboxId}-${jobName}`;
}
