import { PlanOpBatches } from './plan-op-batches';

interface Item {
  name: string;
  alone?: boolean;
  /** The write PostgreSQL refuses: a run that holds it fails as a whole. */
  refused?: boolean;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Batches whose runs wait until the test releases them, recording each run's items; a run with a
 * refused item throws, as a transaction that rolls back does.
 */
function harness(max = 32) {
  const runs: string[][] = [];
  const waiting: Array<() => void> = [];
  const batches = new PlanOpBatches<Item, string>({
    run: async (planId, items) => {
      runs.push(items.map((item) => `${planId}:${item.name}`));
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (items.some((item) => item.refused)) {
        throw new Error(`refused in ${items.map((item) => item.name).join(',')}`);
      }
      return items.map((item) => `${item.name} applied`);
    },
    alone: (item) => item.alone === true,
    max,
  });
  /** Lets every run started so far finish, until nothing waits. */
  const drain = async () => {
    for (;;) {
      await settle();
      const next = waiting.shift();
      if (!next) {
        return;
      }
      next();
    }
  };
  return { batches, runs, drain };
}

describe('PlanOpBatches', () => {
  it('starts a plan at rest at once, and applies what queued meanwhile together, in order', async () => {
    const { batches, runs, drain } = harness();
    const first = batches.submit('p', { name: 'a' });
    await settle();
    const queued = ['b', 'c', 'd'].map((name) => batches.submit('p', { name }));
    const other = batches.submit('q', { name: 'x' });
    await settle();
    expect(runs).toEqual([['p:a'], ['q:x']]);

    await drain();
    await expect(first).resolves.toBe('a applied');
    await expect(Promise.all(queued)).resolves.toEqual(['b applied', 'c applied', 'd applied']);
    await expect(other).resolves.toBe('x applied');
    expect(runs).toEqual([['p:a'], ['q:x'], ['p:b', 'p:c', 'p:d']]);
  });

  it('applies an item that must go alone on its own, and never more than the most at once', async () => {
    const { batches, runs, drain } = harness(2);
    const busy = batches.submit('p', { name: 'a' });
    await settle();
    const rest = [
      batches.submit('p', { name: 'b' }),
      batches.submit('p', { name: 'c' }),
      batches.submit('p', { name: 'd' }),
      batches.submit('p', { name: 'publish', alone: true }),
      batches.submit('p', { name: 'e' }),
    ];
    await drain();
    await Promise.all([busy, ...rest]);
    expect(runs).toEqual([['p:a'], ['p:b', 'p:c'], ['p:d'], ['p:publish'], ['p:e']]);
  });

  it('tries each item of a failed batch on its own, so only the item at fault fails', async () => {
    const { batches, runs, drain } = harness();
    const busy = batches.submit('p', { name: 'a' });
    await settle();
    const good = batches.submit('p', { name: 'b' });
    // Its error is caught now: it fails while the batch drains, before the test looks.
    const bad = batches.submit('p', { name: 'c', refused: true }).catch((error: Error) => error.message);
    const later = batches.submit('p', { name: 'd' });
    await drain();

    await expect(busy).resolves.toBe('a applied');
    await expect(good).resolves.toBe('b applied');
    await expect(bad).resolves.toBe('refused in c');
    await expect(later).resolves.toBe('d applied');
    expect(runs).toEqual([['p:a'], ['p:b', 'p:c', 'p:d'], ['p:b'], ['p:c'], ['p:d']]);
  });

  it('fails an item that runs alone with its own error, and goes on with the plan', async () => {
    const { batches, drain } = harness();
    const bad = batches.submit('p', { name: 'a', refused: true }).catch((error: Error) => error.message);
    const next = batches.submit('p', { name: 'b' });
    await drain();
    await expect(bad).resolves.toBe('refused in a');
    await expect(next).resolves.toBe('b applied');
  });
});
