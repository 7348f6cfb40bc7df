// The BullMQ baseline's consumer: a Worker with a no-op processor, in a process of its own as the
// product's worker is. Options mirror the product's mail queue (concurrency 5, the same lock and
// stalled-check timings), so the only difference left is the product's code around it.
// Env: REDIS_URL, QUEUE_PREFIX, QUEUE_NAME. Prints "ready" once it is consuming; SIGTERM stops it.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';

const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
const worker = new Worker(process.env.QUEUE_NAME, async () => undefined, {
  connection,
  prefix: process.env.QUEUE_PREFIX,
  concurrency: 5,
  lockDuration: 20_000,
  stalledInterval: 10_000,
});
await worker.waitUntilReady();
process.stdout.write('ready\n');

process.once('SIGTERM', async () => {
  await worker.close();
  await connection.quit();
  process.exit(0);
});
