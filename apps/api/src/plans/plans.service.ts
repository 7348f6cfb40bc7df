import { Injectable } from '@nestjs/common';
import {
  messages,
  PLAN_CATCH_UP_EVENTS,
  planIdSchema,
  planMessages,
  postMessages,
  type CollaboratorChoiceList,
  type PlanCatchUp,
  type PlanDocument,
  type PlanEvent,
  type PlanList,
  type PlanListParams,
  type PlanRole,
  type SharedPlan,
} from '@datebook/contracts';
import {
  PlanEventsRepository,
  PlanListsRepository,
  PlanShareRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  type PlanListPosition,
  type PlanListRow,
} from '@datebook/db';
import { ForbiddenError, NotFoundError, ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';
import { PlanEventRefs } from './plan-event-refs';
import { storedEvent, toPlanDocument, toPlanListItem, toPlanPerson, toSharedPlan } from './plan-view';

/** The invite dialog lists at most this many followed profiles. */
const COLLABORATOR_CHOICES = 500;

/** Newest update first, then the larger id: the order of the lists' keyset. */
const newerFirst = (a: PlanListRow, b: PlanListRow): number =>
  compareDigits(b.updated_at_micros, a.updated_at_micros) || compareDigits(b.id, a.id);

function compareDigits(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Reading plans: only the owner and the collaborators read one, and anyone else is answered as if
 * it did not exist (a 404 that reveals nothing). The share link is the one public read.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly members: PlanMembersRepository,
    private readonly profiles: PlanPeopleRepository,
    private readonly events: PlanEventsRepository,
    private readonly lists: PlanListsRepository,
    private readonly share: PlanShareRepository,
    private readonly refs: PlanEventRefs,
    private readonly storage: ObjectStorage,
  ) {}

  async list(viewer: Viewer, query: PlanListParams): Promise<PlanList> {
    const position = pagePosition(query.cursor, postMessages.invalidCursor);
    const page = {
      limit: query.limit,
      after: position
        ? ({ updatedAtMicros: position.createdAtMicros, id: position.id } satisfies PlanListPosition)
        : undefined,
    };
    let rows: PlanListRow[];
    switch (query.list) {
      case 'drafts':
        rows = await this.lists.drafts(viewer.sub, page);
        break;
      case 'shared':
        rows = await this.lists.sharedAndCompleted(viewer.sub, page);
        break;
      case 'all': {
        // The two lists are disjoint and share one order, so their merge is the keyset of both.
        const [drafts, shared] = await Promise.all([
          this.lists.drafts(viewer.sub, page),
          this.lists.sharedAndCompleted(viewer.sub, page),
        ]);
        rows = [...drafts, ...shared].sort(newerFirst).slice(0, query.limit + 1);
        break;
      }
    }
    return keysetPage(rows, query.limit, toPlanListItem, (row) => ({
      createdAtMicros: row.updated_at_micros,
      id: row.id,
    }));
  }

  async get(viewer: Viewer, rawId: string): Promise<PlanDocument> {
    const row = await this.members.document(this.planId(rawId), viewer.sub);
    if (!row) {
      throw new NotFoundError(planMessages.notFound);
    }
    return toPlanDocument(row, this.storage);
  }

  /** The member's role, or NOT_FOUND for a missing plan and for anyone else alike. */
  async roleOf(viewer: Viewer, rawId: string): Promise<PlanRole> {
    const role = await this.members.roleOf(this.planId(rawId), viewer.sub);
    if (!role) {
      throw new NotFoundError(planMessages.notFound);
    }
    return role;
  }

  /**
   * What a member missed after `since`: the events when the log still covers that version (at most
   * PLAN_CATCH_UP_EVENTS), else the whole plan. A version the plan never had (ahead of it) also
   * gets the whole plan, so a confused client starts over from the truth. Events and snapshot alike
   * are what this member may see (PlanEventRefs, the document's visibility join).
   */
  async catchUp(viewer: Viewer, rawId: string, since: number | undefined): Promise<PlanCatchUp> {
    const planId = this.planId(rawId);
    if (since !== undefined) {
      // Read from the client's own version, so finding it proves the log reaches it; one more than
      // the page tells a longer gap, which gets the whole plan.
      const read = await this.events.catchUp(
        planId,
        viewer.sub,
        Math.max(since - 1, 0),
        PLAN_CATCH_UP_EVENTS + 2,
      );
      if (!read?.role) {
        throw new NotFoundError(planMessages.notFound);
      }
      const events = coveredEvents(read.events, since);
      if (events) {
        return {
          role: read.role,
          version: events[events.length - 1]?.version ?? since,
          events: this.refs.catchUp(events, read),
        };
      }
    } else {
      await this.roleOf(viewer, planId);
    }
    const snapshot = await this.get(viewer, planId);
    return { role: snapshot.viewerRole, version: snapshot.version, snapshot };
  }

  /** The owner's followed profiles they may invite (never admins), marking those already invited. */
  async collaboratorChoices(viewer: Viewer, rawId: string): Promise<CollaboratorChoiceList> {
    const planId = this.planId(rawId);
    const role = await this.roleOf(viewer, planId);
    if (role !== 'owner') {
      throw new ForbiddenError(planMessages.onlyOwnerCanInvite);
    }
    const rows = await this.profiles.followedProfiles(viewer.sub, planId, COLLABORATOR_CHOICES);
    return {
      items: rows.map((row) => ({ ...toPlanPerson(row, this.storage), invited: row.invited })),
    };
  }

  /**
   * The share link, for anyone holding its token: 'Shared plan not found.' alike for every link
   * that holds no plan's current token or not its owner's username, so nothing can be learnt by
   * trying links. A draft behind a valid link is not shared yet, which only a holder of the token
   * (the plan's members, and whoever they sent it to) is told (403: not for anyone yet).
   */
  async shared(username: string, shareToken: string): Promise<SharedPlan> {
    const outcome = await this.share.sharedProjection(username, shareToken);
    switch (outcome.outcome) {
      case 'not_found':
        throw new NotFoundError(messages.plans.sharedNotFound);
      case 'draft':
        throw new ForbiddenError(messages.plans.notAvailableToShare);
      case 'ok':
        return toSharedPlan(outcome.plan, this.storage);
    }
  }

  /** The events after `since`, or undefined when the log does not reach it or it is too far back. */

  /** A plan id as digits; anything else answers like a plan that does not exist. */
  private planId(rawId: string): string {
    const parsed = planIdSchema.safeParse(rawId);
    if (!parsed.success) {
      throw new NotFoundError(planMessages.notFound);
    }
    return parsed.data;
  }
}

/**
 * The events after `since` when the rows read (from `since` itself, unless 0) show the log still
 * covers it and holds no more than a page; undefined when the member needs the whole plan.
 */
function coveredEvents(
  rows: ReadonlyArray<{ version: string; result: unknown }>,
  since: number,
): PlanEvent[] | undefined {
  let after = rows;
  if (since > 0) {
    if (after[0] === undefined || Number(after[0].version) !== since) {
      return undefined;
    }
    after = after.slice(1);
  }
  return after.length > PLAN_CATCH_UP_EVENTS ? undefined : after.map(storedEvent);
}
