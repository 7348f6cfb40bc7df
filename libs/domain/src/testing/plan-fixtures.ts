import type {
  Budget,
  PlanChange,
  PlanDocument,
  PlanDocumentActivity,
  PlanEvent,
  PlanOperationInput,
} from '@datebook/contracts';

/*
 * Plans and their events for tests, in the domain and in the web (`@datebook/domain/testing`):
 * plan 42 of Ada (OWNER_ID), with FRIEND_ID as the other member.
 */

export const OWNER_ID = '7f1c2d3e-0000-4000-8000-000000000001';
export const FRIEND_ID = '7f1c2d3e-0000-4000-8000-000000000002';
export const REF_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const REF_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const PLAN_ID = '42';

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
    id: PLAN_ID,
    ownerId: OWNER_ID,
    owner: { id: OWNER_ID, username: 'ada', displayName: 'Ada', avatarUrl: null },
    title: 'Our day',
    date: '2026-12-05',
    timeZone: 'UTC',
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

/** An event by FRIEND_ID unless `overrides` say otherwise, each with an op id of its own. */
export function planEvent(
  version: number,
  changes: PlanChange[],
  overrides: Partial<Omit<PlanEvent, 'op'>> & { op?: PlanOperationInput } = {},
): PlanEvent {
  opCounter += 1;
  return {
    planId: PLAN_ID,
    version,
    opId: `00000000-0000-4000-8000-${String(opCounter).padStart(12, '0')}`,
    actorId: FRIEND_ID,
    op: { type: 'plan.delete' },
    changes,
    at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  } as PlanEvent;
}
