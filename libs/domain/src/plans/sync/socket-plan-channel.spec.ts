import { planMessages } from '@datebook/contracts';
import { PlanTransientError } from './plan-channel';
import { emitWithAck, PlanAckError, socketPlanChannel } from './socket-plan-channel';
import { planDocument } from './testing/plan-sync-fixtures';

/** A socket that keeps each message and its ack until the test answers it, and can drop. */
function fakeSocket() {
  const sent: { event: string; payload: unknown; ack: (answer: unknown) => void }[] = [];
  const disconnectListeners = new Set<() => void>();
  return {
    sent,
    listening: () => disconnectListeners.size,
    emit(event: string, payload: unknown, ack?: (answer: never) => void) {
      // Whatever the test plays the server answering, malformed answers too: the channel checks them.
      sent.push({ event, payload, ack: (answer) => ack?.(answer as never) });
    },
    once(_event: 'disconnect', listener: () => void) {
      disconnectListeners.add(listener);
    },
    off(_event: 'disconnect', listener: () => void) {
      disconnectListeners.delete(listener);
    },
    drop() {
      [...disconnectListeners].forEach((listener) => listener());
    },
  };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('emitWithAck', () => {
  it('resolves with the answer and stops listening for a drop', async () => {
    const socket = fakeSocket();
    const answer = emitWithAck(socket, 'plan.op', (ack) => socket.emit('plan.op', {}, ack), 5_000);
    socket.sent[0]?.ack({ ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(socket.listening()).toBe(0);
  });

  it('rejects at once when the socket drops, without waiting out the timeout', async () => {
    const socket = fakeSocket();
    const answer = emitWithAck(socket, 'plan.op', (ack) => socket.emit('plan.op', {}, ack), 5_000);
    socket.drop();
    await expect(answer).rejects.toThrow(new PlanAckError('plan.op', 'disconnected'));
    socket.sent[0]?.ack({ ok: true });
    await expect(answer).rejects.toThrow(PlanAckError);
  });

  it('rejects after the timeout when nothing answers', async () => {
    const socket = fakeSocket();
    const caught = emitWithAck(socket, 'plan.join', (ack) => socket.emit('plan.join', {}, ack), 5_000).catch(
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(5_000);
    expect(await caught).toEqual(new PlanAckError('plan.join', 'timeout'));
    expect(socket.listening()).toBe(0);
  });
});

describe('socketPlanChannel', () => {
  it('joins with the fields of the moment and hands back the catch-up', async () => {
    const socket = fakeSocket();
    let hidden = false;
    const channel = socketPlanChannel(socket, '42', { joinFields: () => (hidden ? { hidden } : {}) });
    const first = channel.catchUp(3);
    socket.sent[0]?.ack({ ok: true, role: 'owner', version: 3, events: [] });
    await expect(first).resolves.toEqual({ role: 'owner', version: 3, events: [] });
    hidden = true;
    const second = channel.catchUp(3);
    socket.sent[1]?.ack({ ok: true, role: 'owner', version: 3, snapshot: planDocument() });
    await expect(second).resolves.toMatchObject({ snapshot: { id: '42' } });
    expect(socket.sent.map((message) => message.payload)).toEqual([
      { planId: '42', sinceVersion: 3 },
      { planId: '42', sinceVersion: 3, hidden: true },
    ]);
  });

  it('reports a refused join as denied, and any other failure as not delivered', async () => {
    const socket = fakeSocket();
    const channel = socketPlanChannel(socket, '42');
    const denied = channel.catchUp(3);
    socket.sent[0]?.ack({ ok: false, error: { code: 'NOT_FOUND', message: planMessages.notFound } });
    await expect(denied).resolves.toEqual({ denied: 'NOT_FOUND', message: planMessages.notFound });
    const failed = channel.catchUp(3);
    socket.sent[1]?.ack({ ok: false, error: { code: 'INVALID', message: 'Something went wrong.' } });
    await expect(failed).rejects.toThrow(PlanTransientError);
  });

  it('sends an op with the plan id and treats a malformed answer or a drop as not delivered', async () => {
    const socket = fakeSocket();
    const channel = socketPlanChannel(socket, '42');
    const request = { opId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', clientId: 'c', baseVersion: 3 } as const;
    const op = { type: 'plan.update', field: 'title', value: 'Picnic' } as const;
    const malformed = channel.send({ ...request, op });
    socket.sent[0]?.ack({ nonsense: true });
    await expect(malformed).rejects.toThrow(PlanTransientError);
    const dropped = channel.send({ ...request, op });
    socket.drop();
    await expect(dropped).rejects.toThrow(PlanTransientError);
    expect(socket.sent[0]?.payload).toEqual({ planId: '42', ...request, op });
  });
});
