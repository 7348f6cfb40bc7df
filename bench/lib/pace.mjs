import { setTimeout as sleep } from 'node:timers/promises';

const sleepUntil = (at) => {
  const wait = at - performance.now();
  return wait > 0 ? sleep(wait) : Promise.resolve();
};

/**
 * Calls `operation(index)` at `rate` per second for `durationMs`, with at most `concurrency` calls in
 * flight, and returns each successful call's latency in ms and the errors.
 *
 * shape 'steady': call k is due at start + k/rate, and its latency counts from then, so a call that
 *   had to wait for a free slot counts its wait (an open-loop load, as wrk2 measures it).
 * shape 'autocannon': what autocannon does with `overallRate`: each connection may make
 *   rate/connections requests per one-second window and makes them back to back, then idles until the
 *   next window; latency counts from the call's actual start, as autocannon's does. A baseline beside
 *   an autocannon run uses this so both see the same bursts.
 */
export async function drive({ rate, durationMs, concurrency, shape = 'steady', operation }) {
  const latencies = [];
  const errors = [];
  const start = performance.now();
  const end = start + durationMs;
  let next = 0;

  const timed = async (index, from) => {
    try {
      await operation(index);
      latencies.push(performance.now() - from);
    } catch (error) {
      errors.push(error);
    }
  };

  const steady = async () => {
    for (;;) {
      const index = next++;
      const due = start + (index * 1000) / rate;
      if (due >= end) {
        return;
      }
      await sleepUntil(due);
      await timed(index, due);
    }
  };

  // autocannon lowers its connection count to the rate when the rate is smaller.
  const connections = shape === 'autocannon' ? Math.min(concurrency, rate) : concurrency;
  const burst = async (connection) => {
    const quota = Math.floor(rate / connections) + (connection < rate % connections ? 1 : 0);
    let window = -1;
    let used = 0;
    while (performance.now() < end) {
      const current = Math.floor((performance.now() - start) / 1000);
      if (current !== window) {
        window = current;
        used = 0;
      }
      if (used >= quota) {
        await sleepUntil(Math.min(end, start + (window + 1) * 1000));
        continue;
      }
      used += 1;
      await timed(next++, performance.now());
    }
  };

  await Promise.all(
    Array.from({ length: connections }, (_, connection) =>
      shape === 'steady' ? steady() : burst(connection),
    ),
  );
  return { latencies, errors, elapsedMs: performance.now() - start };
}
