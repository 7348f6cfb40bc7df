import { vi } from 'vitest';
import type { LiveSocket } from '@/lib/live-socket';
import { liveSocketRegistry } from '@/lib/live-socket-registry';

export {
  FRIEND_ID,
  OWNER_ID,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
  REF_B,
} from '@datebook/domain/testing';

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
