import {
  type PlanDocument,
  type PlanEntry,
  type PlanEvent,
  type PlanLinkedActivity,
  type PlanListItem,
  type PlanPerson,
  type SharedPlan,
} from '@datebook/contracts';
import type {
  PlanDocumentRow,
  PlanEntryRow,
  PlanEventRow,
  PlanListRow,
  PlanPersonRow,
  PlanStateRow,
  SharedPlanRow,
} from '@datebook/db';
import { durationMinutes, entryTitle, entryView, planPerson, type PlanState } from '@datebook/domain';
import type { ObjectStorage } from '@datebook/server';

/* Plan rows as the rules and the contracts see them; media keys become URLs here, as for posts. */

/** A stored row of the timeline as the rules see it; `linked` as the row's reader may see it. */
export function toPlanEntry(row: PlanEntryRow, storage: ObjectStorage): PlanEntry {
  return {
    ref: row.client_ref,
    activityId: row.activity_id,
    isCustom: row.is_custom,
    customLocation: row.custom_location,
    customDetails: row.custom_details,
    beginsAt: row.begins_at,
    endsAt: row.ends_at,
    status: row.status,
    deleted: row.deleted_at !== null,
    linked: row.is_custom ? null : linkedActivityOf(row, storage),
  };
}

/**
 * A linked row's activity as its reader may see it, the image link signed now for that reader. The
 * row's linked columns are null when the reader may not see the activity (or it was deleted), and
 * so is everything here: the neutral row, shown as 'Planned activity' with no photo, budget or
 * location. Without a row at all, the same.
 */
export function linkedActivityOf(
  row:
    | Pick<PlanEntryRow, 'activity_title' | 'activity_location' | 'activity_cover_key' | 'activity_budget'>
    | undefined,
  storage: ObjectStorage,
): PlanLinkedActivity {
  return {
    title: row?.activity_title ?? null,
    location: row?.activity_location ?? null,
    imageUrl: storage.readUrl(row?.activity_cover_key ?? null),
    budget: row?.activity_budget ?? null,
  };
}

/** The plan read under its row lock, as `applyPlanOperation` takes it. */
export function toPlanState(row: PlanStateRow, storage: ObjectStorage): PlanState {
  return {
    id: row.plan.id,
    ownerId: row.plan.owner_id,
    title: row.plan.title,
    date: row.plan.date,
    timeZone: row.plan.time_zone,
    status: row.plan.status,
    locked: row.plan.locked,
    version: Number(row.plan.version),
    collaboratorIds: row.collaborator_ids,
    activities: row.entries.map((entry) => toPlanEntry(entry, storage)),
    deleted: false,
  };
}

export function toPlanPerson(row: PlanPersonRow, storage: ObjectStorage): PlanPerson {
  return planPerson({
    id: row.id,
    displayName: row.display_name,
    username: row.username,
    avatarUrl: storage.readUrl(row.avatar_key),
  });
}

export function toPlanDocument(row: PlanDocumentRow, storage: ObjectStorage): PlanDocument {
  const { plan } = row;
  return {
    id: plan.id,
    ownerId: plan.owner_id,
    owner: {
      id: row.owner.id,
      username: row.owner.username,
      displayName: row.owner.display_name,
      avatarUrl: storage.readUrl(row.owner.avatar_key),
    },
    title: plan.title,
    date: plan.date,
    timeZone: plan.time_zone,
    status: plan.status,
    locked: plan.locked,
    version: Number(plan.version),
    createdAt: plan.created_at.toISOString(),
    updatedAt: plan.updated_at.toISOString(),
    publishedDateId: plan.published_date_id,
    viewerRole: row.role,
    collaborators: row.collaborators.map((person) => toPlanPerson(person, storage)),
    activities: row.entries.map((entryRow) => {
      const { deleted: _deleted, ...entry } = toPlanEntry(entryRow, storage);
      return {
        ...entry,
        id: String(entryRow.id),
        ...entryView({ ...entry, deleted: false }),
      };
    }),
  };
}

export function toPlanListItem(row: PlanListRow): PlanListItem {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    status: row.status,
    role: row.role,
    ownerId: row.owner_id,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The event stored with an applied operation: the accepted answer's `event`. */
export function storedEvent(row: Pick<PlanEventRow, 'result'>): PlanEvent {
  return (row.result as { event: PlanEvent }).event;
}

/**
 * The share link's projection: only what the owner means to show. A custom row is named by the
 * first line of its details (the spec's title fallback); the rest of the details never leaves.
 */
export function toSharedPlan(row: SharedPlanRow, storage: ObjectStorage): SharedPlan {
  return {
    title: row.title,
    date: row.date,
    timeZone: row.time_zone,
    status: row.status,
    owner: {
      username: row.owner_username,
      displayName: row.owner_display_name,
      avatarUrl: storage.readUrl(row.owner_avatar_key),
    },
    timeline: row.entries.map((entry) => {
      const times = { beginsAt: entry.begins_at, endsAt: entry.ends_at };
      return {
        title: entryTitle({
          isCustom: entry.is_custom,
          customLocation: entry.custom_location,
          customDetails: entry.custom_details,
          linked: entry.is_custom
            ? null
            : { title: entry.activity_title, location: null, imageUrl: null, budget: null },
        }),
        beginsAt: times.beginsAt,
        endsAt: times.endsAt,
        status: times.beginsAt !== null && times.endsAt !== null ? 'scheduled' : 'unscheduled',
        durationMinutes: durationMinutes(times),
        location: entry.location,
        imageUrl: entry.is_custom ? null : storage.readUrl(entry.cover_key),
      };
    }),
  };
}
