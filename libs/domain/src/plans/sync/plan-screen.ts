import { messages, type PlanDocument, type PlanPerson } from '@datebook/contracts';
import type { PlanSnapshot } from './plan-snapshot';

/** Where editing stands, as the sync's parts know it. */
export type PlanSyncStatus = Pick<
  PlanSnapshot,
  'phase' | 'plan' | 'role' | 'connection' | 'pendingCount' | 'canUndo' | 'changedWhileTyping'
>;

/**
 * The React side of the sync (`useSyncExternalStore`): what the screens show beside the plan itself
 * (the document as the api sent it, the people named on it, the published Date), the listeners, and
 * one snapshot object per change, built on first read, so renders between two changes see the same
 * object.
 */
export class PlanScreen {
  document: PlanDocument | null = null;
  publishedDateId: string | null = null;
  private readonly people = new Map<string, PlanPerson>();
  private readonly listeners = new Set<() => void>();
  private cached: PlanSnapshot | null = null;

  constructor(private readonly status: () => PlanSyncStatus) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PlanSnapshot => {
    if (!this.cached) {
      const status = this.status();
      this.cached = {
        ...status,
        document: this.document,
        people: this.people,
        publishedDateId: this.publishedDateId,
        reconnecting: status.connection === 'reconnecting',
      };
    }
    return this.cached;
  };

  /** These people as plan screens name them, kept after they leave the plan (history names them). */
  meet(people: readonly PlanPerson[]) {
    for (const person of people) {
      this.people.set(person.id, person);
    }
  }

  /** What plan screens call this person: their name once met, else the spec's fallback. */
  nameOf(userId: string): string {
    return this.people.get(userId)?.name ?? messages.plans.unnamedCollaborator;
  }

  changed() {
    this.cached = null;
    for (const listener of this.listeners) {
      listener();
    }
  }
}
