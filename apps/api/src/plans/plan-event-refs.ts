import { Injectable } from '@nestjs/common';
import type { PlanChange, PlanEvent } from '@datebook/contracts';
import { PlanMembersRepository, type PlanEntryRow } from '@datebook/db';
import { entryTitle } from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import { toPlanEntry } from './plan-view';

/** Stored events with working image links, and the shown titles of the rows they mention. */
export interface ResolvedPlanEvents {
  events: PlanEvent[];
  titles: Record<string, string>;
}

/**
 * Stored events name rows by ref and carry the linked activity's image link signed when the row was
 * added, which expires within hours. Served again (catch-up, history), each link is signed anew
 * from the cover key the row's activity has now, as the plan page signs it, and the rows are named
 * with the page's fallbacks — removed rows too, which the page no longer lists.
 */
@Injectable()
export class PlanEventRefs {
  constructor(
    private readonly members: PlanMembersRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async resolve(planId: string, readerId: string, events: PlanEvent[]): Promise<ResolvedPlanEvents> {
    const refs = [...new Set(events.flatMap(refsOf))];
    const rows = new Map(
      (await this.members.entriesByRef(planId, readerId, refs)).map((row) => [row.client_ref, row]),
    );
    const titles: Record<string, string> = {};
    for (const [ref, row] of rows) {
      titles[ref] = entryTitle(toPlanEntry(row, this.storage));
    }
    return { events: events.map((event) => this.withFreshLinks(event, rows)), titles };
  }

  private withFreshLinks(event: PlanEvent, rows: ReadonlyMap<string, PlanEntryRow>): PlanEvent {
    if (!event.changes.some((change) => change.kind === 'addEntry' && change.entry.linked !== null)) {
      return event;
    }
    return {
      ...event,
      changes: event.changes.map((change): PlanChange => {
        const row = change.kind === 'addEntry' ? rows.get(change.entry.ref) : undefined;
        if (change.kind !== 'addEntry' || change.entry.linked === null || row === undefined) {
          return change;
        }
        const imageUrl = this.storage.readUrl(row.activity_cover_key);
        return { ...change, entry: { ...change.entry, linked: { ...change.entry.linked, imageUrl } } };
      }),
    };
  }
}

/** The rows an event names, in what it changed and in its op. */
function refsOf(event: PlanEvent): string[] {
  const refs = event.changes.flatMap((change) => {
    switch (change.kind) {
      case 'addEntry':
        return [change.entry.ref];
      case 'updateEntry':
      case 'removeEntry':
        return [change.ref];
      case 'plan':
      case 'status':
      case 'addCollaborators':
      case 'removeCollaborator':
      case 'delete':
        return [];
    }
  });
  return 'ref' in event.op && typeof event.op.ref === 'string' ? [...refs, event.op.ref] : refs;
}
