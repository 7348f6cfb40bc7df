import { Injectable } from '@nestjs/common';
import {
  messages,
  type PlanEvent,
  type PlanHistory,
  type PlanHistoryParams,
  type PlanHistoryPerson,
} from '@datebook/contracts';
import { PlanEventsRepository, PlanPeopleRepository } from '@datebook/db';
import { fallbackUsername } from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { PlanEventRefs } from './plan-event-refs';
import { storedEvent, toPlanPerson } from './plan-view';
import { PlansService } from './plans.service';

/**
 * A plan's history for its members (anyone else hears NOT_FOUND, as for the plan itself): the log,
 * newest first, a page at a time, with everyone and every row it mentions already named — people
 * who have left the plan and rows since removed included, which the plan page no longer lists.
 */
@Injectable()
export class PlanHistoryService {
  constructor(
    private readonly access: PlansService,
    private readonly events: PlanEventsRepository,
    private readonly profiles: PlanPeopleRepository,
    private readonly refs: PlanEventRefs,
    private readonly storage: ObjectStorage,
  ) {}

  async history(viewer: Viewer, planId: string, query: PlanHistoryParams): Promise<PlanHistory> {
    await this.access.roleOf(viewer, planId);
    const before = query.before === undefined ? undefined : String(query.before);
    const page = await this.events.history(planId, before, query.limit);
    const { events, titles } = await this.refs.resolve(planId, viewer.sub, page.events.map(storedEvent));
    return {
      // Lines name people from `people`, as they are now: an invite's own copy is who they were
      // then (a since deleted member's name and photo among them).
      items: events.map(({ people: _then, ...event }) => event),
      people: await this.people([...new Set(events.flatMap(peopleOf))]),
      titles,
      nextBefore: page.has_more ? (events.at(-1)?.version ?? null) : null,
    };
  }

  private async people(userIds: string[]): Promise<PlanHistoryPerson[]> {
    const rows = new Map((await this.profiles.people(userIds)).map((row) => [row.id, row]));
    return userIds.map((id) => {
      const row = rows.get(id);
      // A deleted account, purged or not yet, is named by no name, handle or photo of its own.
      return row
        ? toPlanPerson(row, this.storage)
        : {
            id,
            name: messages.plans.formerMember,
            username: fallbackUsername(id),
            avatarUrl: null,
            former: true,
          };
    });
  }
}

/** Whom an event's line names: its actor, and whoever it invited or removed. */
function peopleOf(event: PlanEvent): string[] {
  return [
    event.actorId,
    ...event.changes.flatMap((change) => {
      switch (change.kind) {
        case 'addCollaborators':
          return change.userIds;
        case 'removeCollaborator':
          return [change.userId];
        case 'plan':
        case 'status':
        case 'addEntry':
        case 'updateEntry':
        case 'removeEntry':
        case 'delete':
          return [];
      }
    }),
  ];
}
