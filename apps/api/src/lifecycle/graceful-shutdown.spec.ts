import { shutDownGracefully, type ShutdownSteps } from './graceful-shutdown';

/** Steps that record when each starts and ends; the async ones finish when the test says so. */
function recordingSteps() {
  const events: string[] = [];
  const pending = new Map<string, () => void>();
  const later = (name: string) => () => {
    events.push(`${name} started`);
    return new Promise<void>((resolve) => {
      pending.set(name, () => {
        events.push(`${name} done`);
        resolve();
      });
    });
  };
  const steps: ShutdownSteps = {
    markDraining: () => events.push('markDraining'),
    waitForDrain: later('waitForDrain'),
    stopAccepting: later('stopAccepting'),
    disconnectSockets: () => events.push('disconnectSockets'),
    closeApp: later('closeApp'),
  };
  const finish = async (name: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    const resolve = pending.get(name);
    if (!resolve) {
      throw new Error(`${name} has not started; events so far: ${events.join(', ')}`);
    }
    resolve();
  };
  return { steps, events, finish };
}

describe('shutDownGracefully', () => {
  it('marks draining at once and waits the drain time before touching any connection', async () => {
    const { steps, events, finish } = recordingSteps();
    const done = shutDownGracefully(steps);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['markDraining', 'waitForDrain started']);

    await finish('waitForDrain');
    await finish('stopAccepting');
    await finish('closeApp');
    await done;
  });

  it('closes the sockets while accepted requests finish, and the app only after they have', async () => {
    const { steps, events, finish } = recordingSteps();
    const done = shutDownGracefully(steps);
    await finish('waitForDrain');
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.slice(2)).toEqual(['waitForDrain done', 'stopAccepting started', 'disconnectSockets']);

    await finish('stopAccepting');
    await finish('closeApp');
    await done;
    expect(events.slice(5)).toEqual(['stopAccepting done', 'closeApp started', 'closeApp done']);
  });

  it('does not close the app when stopping the listener fails', async () => {
    const { steps, events } = recordingSteps();
    steps.waitForDrain = () => Promise.resolve();
    steps.stopAccepting = () => Promise.reject(new Error('listener broke'));

    await expect(shutDownGracefully(steps)).rejects.toThrow('listener broke');
    expect(events).not.toContain('closeApp started');
  });
});
