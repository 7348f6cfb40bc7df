import { Queue } from 'bullmq';

/**
 * Holds back the stack's media jobs so a test can watch a photo go from processing to ready: the
 * worker takes no new media job until the returned `resume` is called. The stack's queues are its
 * own (a per-run prefix), so nothing outside this test run waits; other tests' photos wait a moment.
 */
export async function pauseMediaQueue(): Promise<() => Promise<void>> {
  const redisUrl = process.env.E2E_REDIS_URL;
  const prefix = process.env.E2E_QUEUE_PREFIX;
  if (!redisUrl || !prefix) {
    throw new Error(
      'E2E_REDIS_URL and E2E_QUEUE_PREFIX name the stack’s queues (scripts/test.mjs sets them).',
    );
  }
  const { hostname, port } = new URL(redisUrl);
  const queue = new Queue('media', { connection: { host: hostname, port: Number(port || 6379) }, prefix });
  await queue.pause();
  return async () => {
    try {
      await queue.resume();
    } finally {
      await queue.close();
    }
  };
}
