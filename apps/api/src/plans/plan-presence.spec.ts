import type { Logger } from 'pino';
import { PLAN_PRESENCE, planRoom } from '@datebook/contracts';
import type { PlanPeopleRepository } from '@datebook/db';
import type { AppConfig, ObjectStorage } from '@datebook/server';
import { DrainState } from '../lifecycle/drain-state';
import type { RealtimeGateway, RealtimeSocket } from '../realtime/realtime.gateway';
import { PlanPresence } from './plan-presence';
import type { PlanPresenceStore, PresenceEntry } from './plan-presence-store';

const PLAN_ID = '42';

/** The shared store as a Map of plan → socket id → entry, recording every removal. */
function memoryStore() {
  const plans = new Map<string, Map<string, PresenceEntry>>();
  const removals: string[][] = [];
  const store = {
    plans,
    removals,
    put(planId: string, entries: ReadonlyMap<string, PresenceEntry>) {
      const current = plans.get(planId) ?? new Map<string, PresenceEntry>();
      entries.forEach((entry, socketId) => current.set(socketId, entry));
      plans.set(planId, current);
      return Promise.resolve();
    },
    remove(planId: string, socketIds: readonly string[]) {
      removals.push([...socketIds]);
      const current = plans.get(planId);
      return Promise.resolve(socketIds.map((id) => current?.delete(id) ?? false).some(Boolean));
    },
    read(planId: string) {
      const entries = [...(plans.get(planId)?.entries() ?? [])].map(([key, entry]) => ({ ...entry, key }));
      return Promise.resolve({ entries, pruned: false });
    },
  };
  return store;
}

function presenceFor(drain = new DrainState()) {
  const store = memoryStore();
  const emitted: unknown[] = [];
  const server = { to: () => ({ emit: (_event: string, state: unknown) => emitted.push(state) }) };
  const presence = new PlanPresence(
    { server } as unknown as RealtimeGateway,
    store as unknown as PlanPresenceStore,
    {
      people: () => Promise.resolve([{ display_name: 'Sam', username: 'sam', avatar_key: null }]),
    } as unknown as PlanPeopleRepository,
    { readUrl: () => null } as unknown as ObjectStorage,
    { plans: { presenceHeartbeatMs: 60_000 } } as AppConfig,
    { warn: () => undefined } as unknown as Logger,
    drain,
  );
  return { presence, store, drain };
}

/** A connected socket in the plan's room. */
function roomSocket(id: string) {
  return {
    id,
    connected: true,
    rooms: new Set([planRoom(PLAN_ID)]),
    data: { viewer: { sub: 'user-1' } },
    emit: () => true,
  } as unknown as RealtimeSocket & { rooms: Set<string>; connected: boolean };
}

const settle = () => jest.advanceTimersByTimeAsync(PLAN_PRESENCE.focusThrottleMs);

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PlanPresence', () => {
  it('takes a closed socket off the list', async () => {
    const { presence, store } = presenceFor();
    const socket = roomSocket('s1');
    await presence.joined(socket, PLAN_ID, false);
    expect([...(store.plans.get(PLAN_ID)?.keys() ?? [])]).toEqual(['s1']);

    await presence.disconnected(socket);

    expect(store.plans.get(PLAN_ID)?.size).toBe(0);
  });

  it('keeps the members of a draining api listed: their sockets reconnect to another replica', async () => {
    const { presence, store, drain } = presenceFor();
    const socket = roomSocket('s1');
    await presence.joined(socket, PLAN_ID, false);

    drain.start();
    socket.connected = false;
    await presence.disconnected(socket);

    expect(store.removals).toEqual([]);
    expect([...(store.plans.get(PLAN_ID)?.keys() ?? [])]).toEqual(['s1']);
  });

  it('does not list again a socket taken out of the room while its focus write was due', async () => {
    const { presence, store } = presenceFor();
    const socket = roomSocket('s1');
    await presence.joined(socket, PLAN_ID, false);
    await settle();
    presence.set(socket, { planId: PLAN_ID, focus: { field: 'title' } });

    // The member is removed from the plan: the broadcast takes the socket out of the room.
    socket.rooms.delete(planRoom(PLAN_ID));
    store.plans.get(PLAN_ID)?.clear();
    await settle();

    expect(store.plans.get(PLAN_ID)?.size).toBe(0);
  });
});
