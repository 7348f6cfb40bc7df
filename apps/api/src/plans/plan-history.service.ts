import { Injectable } from '@nestjs/common';
import type { PlanEvent, PlanHistory, PlanHistoryParams, PlanPerson } from '@datebook/contracts';
import { PlanEventsRepository, PlanPeopleRepository } from '@datebook/db';
import { planPerson } from '@datebook/domain';
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
      items: events,
      people: await this.people([...new Set(events.flatMap(peopleOf))]),
      titles,
      nextBefore: page.has_more ? (events.at(-1)?.version ?? null) : null,
    };
  }

  private async people(userIds: string[]): Promise<PlanPerson[]> {
    const rows = new Map((await this.profiles.people(userIds)).map((row) => [row.id, row]));
    return userIds.map((id) => {
      const row = rows.get(id);
      // An account gone entirely still gets the spec's fallback name.
      return row
        ? toPlanPerson(row, this.storage)
        : planPerson({ id, displayName: null, username: null, avatarUrl: null });
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
