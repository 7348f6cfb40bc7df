import type { PlanDocument, PlanEntry } from '@datebook/contracts';
import { entryImageUrl, entryLocation, entryTitle } from './plan-names';
import type { PlanState } from './plan-state';
import { durationMinutes } from './plan-timeline';

/** What the screens show of a row, with the spec's fallbacks: the api sends it, the web recomputes it. */
export function entryView(entry: PlanEntry): {
  title: string;
  location: string | null;
  imageUrl: string | null;
  durationMinutes: number | null;
} {
  return {
    title: entryTitle(entry),
    location: entryLocation(entry),
    imageUrl: entryImageUrl(entry),
    durationMinutes: durationMinutes(entry),
  };
}

/** The rules' view of a snapshot: where the browser's confirmed state starts. */
export function planStateFromDocument(document: PlanDocument): PlanState {
  return {
    id: document.id,
    ownerId: document.ownerId,
    title: document.title,
    date: document.date,
    timeZone: document.timeZone,
    status: document.status,
    locked: document.locked,
    version: document.version,
    collaboratorIds: document.collaborators.map((person) => person.id),
    activities: document.activities.map((row): PlanEntry => ({
      ref: row.ref,
      activityId: row.activityId,
      isCustom: row.isCustom,
      customLocation: row.customLocation,
      customDetails: row.customDetails,
      beginsAt: row.beginsAt,
      endsAt: row.endsAt,
      status: row.status,
      deleted: false,
      linked: row.linked,
    })),
    deleted: false,
  };
}
