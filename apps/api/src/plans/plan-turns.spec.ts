import { PlanTurns } from './plan-turns';

/** A task that runs until the test finishes it, recording when it started. */
function gate(log: string[], name: string) {
  let finish: (fail?: boolean) => void = () => undefined;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (fail = false) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { task, finish: (fail?: boolean) => finish(fail) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PlanTurns', () => {
  it('runs one plan’s tasks one after another, even when one fails, and other plans alongside', async () => {
    const turns = new PlanTurns();
    const log: string[] = [];
    const first = gate(log, 'a1');
    const second = gate(log, 'a2');
    const other = gate(log, 'b1');

    const a1 = turns.run('a', first.task);
    const a2 = turns.run('a', second.task);
    const b1 = turns.run('b', other.task);
    await settle();
    expect(log).toEqual(['start a1', 'start b1']);

    first.finish(true);
    await expect(a1).rejects.toThrow('a1');
    await settle();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);

    second.finish();
    other.finish();
    await expect(a2).resolves.toBe('a2');
    await expect(b1).resolves.toBe('b1');
    await settle();
    expect(turns.busy).toBe(0);
  });
});
