import { vi } from 'vitest';
import type {
  Budget,
  PlanChange,
  PlanDocument,
  PlanDocumentActivity,
  PlanEvent,
  PlanOperationInput,
} from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { liveSocketRegistry } from '@/lib/live-socket-registry';

export const OWNER_ID = '7f1c2d3e-0000-4000-8000-000000000001';
export const FRIEND_ID = '7f1c2d3e-0000-4000-8000-000000000002';
export const REF_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const REF_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** A linked row of the document; `budget` is its activity's. */
export function planActivity({
  budget = null,
  ...overrides
}: Partial<PlanDocumentActivity> & { budget?: Budget | null } = {}): PlanDocumentActivity {
  return {
    id: '1',
    ref: REF_A,
    activityId: '11',
    isCustom: false,
    customLocation: null,
    customDetails: null,
    beginsAt: null,
    endsAt: null,
    status: 'unscheduled',
    linked: { title: 'Picnic', location: 'The park', imageUrl: null, budget },
    title: 'Picnic',
    location: 'The park',
    imageUrl: null,
    durationMinutes: null,
    ...overrides,
  };
}

export function planDocument(overrides: Partial<PlanDocument> = {}): PlanDocument {
  return {
    id: '42',
    ownerId: OWNER_ID,
    owner: { id: OWNER_ID, username: 'ada', displayName: 'Ada', avatarUrl: null },
    title: 'Our day',
    date: '2026-12-05',
    status: 'draft',
    locked: false,
    version: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    publishedDateId: null,
    viewerRole: 'owner',
    collaborators: [],
    activities: [],
    ...overrides,
  };
}

let opCounter = 0;

export function planEvent(
  version: number,
  changes: PlanChange[],
  overrides: Partial<Omit<PlanEvent, 'op'>> & { op?: PlanOperationInput } = {},
): PlanEvent {
  opCounter += 1;
  return {
    planId: '42',
    version,
    opId: `00000000-0000-4000-8000-${String(opCounter).padStart(12, '0')}`,
    actorId: FRIEND_ID,
    op: { type: 'plan.delete' },
    changes,
    at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  } as PlanEvent;
}

type Listener = (payload: unknown) => void;
type Ack = (answer: unknown) => void;

/**
 * A connected socket as the plan screens use it, published where the app publishes its own. The
 * test answers what the screen sends (`answer`) and pushes what the server would (`push`).
 */
export function fakeLiveSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const sent: { event: string; payload: unknown; ack?: Ack }[] = [];
  const answers = new Map<string, (payload: unknown) => unknown>();
  const socket = {
    connected: true,
    active: true,
    on: vi.fn((name: string, listener: Listener) => {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
    }),
    off: vi.fn((name: string, listener: Listener) => {
      listeners.get(name)?.delete(listener);
    }),
    once: vi.fn((name: string, listener: Listener) => {
      const once: Listener = (payload) => {
        listeners.get(name)?.delete(once);
        listener(payload);
      };
      listeners.set(name, (listeners.get(name) ?? new Set()).add(once));
    }),
    emit: vi.fn((event: string, payload: unknown, ack?: Ack) => {
      sent.push({ event, payload, ...(ack ? { ack } : {}) });
      const answer = answers.get(event);
      if (answer && ack) {
        const value = answer(payload);
        if (value !== undefined) {
          queueMicrotask(() => ack(value));
        }
      }
    }),
  };
  liveSocketRegistry.publish(socket as unknown as LiveSocket);
  return {
    socket,
    sent,
    /** How the server answers `event` from now on; undefined leaves it unanswered. */
    answer(event: string, reply: (payload: unknown) => unknown) {
      answers.set(event, reply);
    },
    push(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) {
        listener(payload);
      }
    },
    sentOf: (event: string) => sent.filter((message) => message.event === event),
  };
}
