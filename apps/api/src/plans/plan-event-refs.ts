import { Injectable } from '@nestjs/common';
import type { PlanChange, PlanEvent, PlanLinkedActivity, PlanPerson } from '@datebook/contracts';
import {
  PlanMembersRepository,
  PlanPeopleRepository,
  type PlanCatchUpRow,
  type PlanEntryRow,
  type PlanLinkedRow,
} from '@datebook/db';
import { entryTitle } from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import { linkedActivityOf, toPlanEntry, toPlanPerson } from './plan-view';

/** Events as one reader may see them, and the shown titles of the rows they mention. */
export interface ResolvedPlanEvents {
  events: PlanEvent[];
  titles: Record<string, string>;
}

/** One event for the room: `others` for every socket but those of `classes`' members. */
export interface RoomProjection {
  others: PlanEvent;
  /** Members who may see some of the event's linked activities, grouped by which. */
  classes: Array<{ userIds: string[]; event: PlanEvent }>;
}

/**
 * What a stored event keeps: ids and values only. A linked row's activity as the actor saw it (its
 * title, location, budget and a signed image link) is a rendering for the actor, and so are the
 * signed avatar links of the people an invite added; both are made again for each receiver.
 */
export function storedPlanEvent(event: PlanEvent): PlanEvent {
  const { people: _people, ...stored } = event;
  return { ...stored, changes: event.changes.map((change) => withLinked(change, () => neutralLinked)) };
}

const neutralLinked: PlanLinkedActivity = { title: null, location: null, imageUrl: null, budget: null };

/**
 * Every plan event leaves the server projected for the one who receives it (design: What a member
 * may see), with the product's one post rule (visiblePostSql, applied by the repositories): a linked
 * row whose activity the receiver may not see is the neutral row, and image links are signed at
 * delivery. Whatever a stored event holds (rows written before events were stored bare held the
 * actor's rendering) is replaced, never passed on.
 */
@Injectable()
export class PlanEventRefs {
  constructor(
    private readonly members: PlanMembersRepository,
    private readonly profiles: PlanPeopleRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Stored events as `readerId` may see them now (catch-up, history, a replayed op's answer), with
   * the rows they name — removed rows too, which the plan page no longer lists.
   */
  async resolve(planId: string, readerId: string, events: PlanEvent[]): Promise<ResolvedPlanEvents> {
    const refs = [...new Set(events.flatMap(refsOf))];
    const invited = [...new Set(events.flatMap(invitedBy))];
    const [entries, people] = await Promise.all([
      this.members.entriesByRef(planId, readerId, refs),
      this.profiles.people(invited),
    ]);
    const rows = new Map(entries.map((row) => [row.client_ref, row]));
    const titles: Record<string, string> = {};
    for (const [ref, row] of rows) {
      titles[ref] = entryTitle(toPlanEntry(row, this.storage));
    }
    const persons = people.map((row) => toPlanPerson(row, this.storage));
    return {
      events: events.map((event) => this.project(event, rows, persons)),
      titles,
    };
  }

  /**
   * A catch-up's events as its reader may see them, from what its one statement read beside them
   * (`PlanEventsRepository.catchUp`: the linked rows the events added and the people they invited).
   */
  catchUp(events: PlanEvent[], read: Pick<PlanCatchUpRow, 'linked' | 'people'>): PlanEvent[] {
    const rows = new Map(read.linked.map((row) => [row.client_ref, row]));
    const persons = read.people.map((row) => toPlanPerson(row, this.storage));
    return events.map((event) => this.project(event, rows, persons));
  }

  /**
   * A live event for the room. Without a linked row it is the same for everyone (one push); with
   * one, the plan's members are grouped by which of its activities each may see (one query), and
   * everyone else in the room — whoever may see none, or joined after the query — gets neutral rows.
   */
  async forRoom(planId: string, event: PlanEvent): Promise<RoomProjection> {
    const people = event.people;
    const others = { ...storedPlanEvent(event), ...(people ? { people } : {}) };
    const refs = event.changes.flatMap(linkedRefOf);
    if (refs.length === 0) {
      return { others, classes: [] };
    }
    const byMember = new Map<string, PlanEntryRow[]>();
    for (const row of await this.members.linkedEntriesForMembers(planId, refs)) {
      byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
    }
    const classes = new Map<string, { userIds: string[]; event: PlanEvent }>();
    for (const [userId, rows] of byMember) {
      const key = rows
        .map((row) => row.client_ref)
        .sort()
        .join(',');
      const known = classes.get(key);
      if (known) {
        known.userIds.push(userId);
      } else {
        const seen = new Map(rows.map((row) => [row.client_ref, row]));
        classes.set(key, { userIds: [userId], event: this.project(others, seen, people ?? []) });
      }
    }
    return { others, classes: [...classes.values()] };
  }

  private project(
    event: PlanEvent,
    rows: ReadonlyMap<string, PlanLinkedRow>,
    people: PlanPerson[],
  ): PlanEvent {
    const { people: _stored, ...rest } = event;
    const invited = new Set(invitedBy(event));
    const named = people.filter((person) => invited.has(person.id));
    return {
      ...rest,
      ...(invited.size > 0 ? { people: named } : {}),
      changes: event.changes.map((change) =>
        withLinked(change, (ref) => linkedActivityOf(rows.get(ref), this.storage)),
      ),
    };
  }
}

/** The change with a linked row's activity replaced by `linked(ref)`; any other change as it is. */
function withLinked(change: PlanChange, linked: (ref: string) => PlanLinkedActivity): PlanChange {
  if (change.kind !== 'addEntry' || change.entry.isCustom) {
    return change;
  }
  return { ...change, entry: { ...change.entry, linked: linked(change.entry.ref) } };
}

const linkedRefOf = (change: PlanChange): string[] =>
  change.kind === 'addEntry' && !change.entry.isCustom ? [change.entry.ref] : [];

/** Whom an event invited: its `people` are named for those. */
const invitedBy = (event: PlanEvent): string[] =>
  event.changes.flatMap((change) => (change.kind === 'addCollaborators' ? change.userIds : []));

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
