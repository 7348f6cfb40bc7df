import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** How many jobs a queue holds per state, and how long its oldest waiting job has waited. */
export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** Seconds since the oldest waiting job became due; 0 when nothing waits. */
  oldestWaitingSeconds: number;
}

/*
 * One round trip per queue: the four sizes and the oldest waiting job's times in one script. BullMQ
 * pushes new jobs on the left of the wait list and workers take from the right, so the oldest is at
 * index -1; a job became due at its `timestamp` plus its `delay` (non-zero for a job that was
 * delayed before it waited).
 */
const DEPTH_SCRIPT = `
local oldest = redis.call('LINDEX', KEYS[1], -1)
local times = false
if oldest then times = redis.call('HMGET', ARGV[1] .. oldest, 'timestamp', 'delay') end
return { redis.call('LLEN', KEYS[1]), redis.call('LLEN', KEYS[2]), redis.call('ZCARD', KEYS[3]),
         redis.call('ZCARD', KEYS[4]), times }`;

type DepthReply = [number, number, number, number, [string | null, string | null] | null];

/** Reads one queue's depth on `redis`, a command connection to the queue's Redis. */
export async function readQueueDepth(redis: Redis, queue: Queue, now = Date.now()): Promise<QueueDepth> {
  const [waiting, running, later, failures, times] = (await redis.eval(
    DEPTH_SCRIPT,
    4,
    queue.toKey('wait'),
    queue.toKey('active'),
    queue.toKey('delayed'),
    queue.toKey('failed'),
    queue.toKey(''),
  )) as DepthReply;
  return {
    queue: queue.name,
    waiting,
    active: running,
    delayed: later,
    failed: failures,
    oldestWaitingSeconds: waitedSeconds(times, now),
  };
}

function waitedSeconds(times: DepthReply[4], now: number): number {
  if (!times?.[0]) {
    return 0;
  }
  const due = Number(times[0]) + Number(times[1] ?? 0);
  return Math.max(0, (now - due) / 1000);
}
