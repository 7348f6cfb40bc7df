import {
  messages,
  type Budget,
  PLAN_LIMITS,
  planMessages,
  type PlanChange,
  type PlanEntry,
  type PlanOperation,
  type PlanOperationOf,
  type PlanOperationType,
  type PlanOpRefusalCode,
} from '@datebook/contracts';
import { applyPlanChanges } from './plan-changes';
import { planRoleOf } from './plan-roles';
import { findLiveEntry, liveEntries, type PlanActor, type PlanState } from './plan-state';
import { prepareProblems, transitionProblem } from './plan-status';
import { endsBeforeBeginning, isScheduled } from './plan-timeline';
import { normalizeInvitees } from './invitees';
import { defaultScheduleTimes, instantOf, wallTimeIn } from './zoned-time';

/** What the server looked up for the operation; the browser passes what it already knows. */
export interface PlanOpFacts {
  /** The activity a linked `activity.add` names, as the actor may see it (visible false: they may not). */
  activity?: {
    id: string;
    visible: boolean;
    title: string | null;
    location: string | null;
    imageUrl: string | null;
    budget: Budget | null;
  };
  /** Of the ids a `collaborator.invite` names: those the owner follows that are not admins. */
  invitable?: ReadonlySet<string> | readonly string[];
}

export interface PlanOpContext {
  now: Date;
  facts?: PlanOpFacts;
}

export type PlanOpOutcome =
  | {
      ok: true;
      /** The plan after the operation, at `version + 1`. */
      state: PlanState;
      /** What to persist in the operation's transaction, and what its event carries. */
      changes: PlanChange[];
      /** The operation that undoes this one, where undo means something. */
      inverse: PlanOperation | null;
    }
  | { ok: false; code: PlanOpRefusalCode; message: string };

type Refusal = Extract<PlanOpOutcome, { ok: false }>;
type Effect = { changes: PlanChange[]; inverse: PlanOperation | null } | Refusal;

const refuse = (code: PlanOpRefusalCode, message: string): Refusal => ({ ok: false, code, message });

/**
 * Spec section 6 (and the design's Operations): what only the owner may do, in the owner's words.
 * `planActionsFor` reads it too, so a screen offers exactly what this refuses no one.
 */
export const OWNER_ONLY: Partial<Record<PlanOperationType, string>> = {
  'plan.create': messages.errors.forbidden,
  'plan.lock': planMessages.onlyOwnerCanLock,
  'collaborator.invite': planMessages.onlyOwnerCanInvite,
  'collaborator.remove': planMessages.onlyOwnerCanRemoveCollaborators,
  'plan.delete': messages.plans.onlyOwnerCanDelete,
};

/**
 * The actor's role is re-read from the state the operation applies to (the server's is read under
 * the row lock), so a collaborator removed a moment ago cannot slip one more operation in.
 */
function roleProblem(state: PlanState, actor: PlanActor, op: PlanOperation): Refusal | null {
  if (planRoleOf(state, actor.userId) !== actor.role) {
    return refuse(
      'FORBIDDEN',
      actor.role === 'owner' ? messages.errors.forbidden : planMessages.accessRevoked,
    );
  }
  const ownerOnly = OWNER_ONLY[op.type];
  return ownerOnly !== undefined && actor.role !== 'owner' ? refuse('FORBIDDEN', ownerOnly) : null;
}

function entryOrGone(state: PlanState, ref: string): PlanEntry | Refusal {
  return findLiveEntry(state, ref) ?? refuse('GONE', planMessages.activityGone);
}

const isRefusal = (value: object): value is Refusal => 'ok' in value && value.ok === false;

function setTimes(ref: string, times: Pick<PlanEntry, 'beginsAt' | 'endsAt'>): PlanChange {
  const status = isScheduled(times) ? 'scheduled' : 'unscheduled';
  return { kind: 'updateEntry', ref, set: { beginsAt: times.beginsAt, endsAt: times.endsAt, status } };
}

const timesInverse = (entry: PlanEntry): PlanOperation => ({
  type: 'activity.setTimes',
  ref: entry.ref,
  beginsAt: entry.beginsAt,
  endsAt: entry.endsAt,
});

function create(state: PlanState, op: PlanOperationOf<'plan.create'>): Effect {
  if (state.version !== 0) {
    return refuse('INVALID', planMessages.alreadyCreated);
  }
  const zone = op.timeZone === undefined ? {} : { timeZone: op.timeZone };
  return { changes: [{ kind: 'plan', set: { title: op.title, date: op.date, ...zone } }], inverse: null };
}

function update(state: PlanState, op: PlanOperationOf<'plan.update'>): Effect {
  if (state.locked) {
    return refuse('LOCKED', planMessages.locked);
  }
  if (op.field === 'title') {
    const inverse: PlanOperation | null =
      state.title === '' ? null : { type: 'plan.update', field: 'title', value: state.title };
    return { changes: [{ kind: 'plan', set: { title: op.value } }], inverse };
  }
  if (op.field === 'timeZone') {
    return {
      changes: [{ kind: 'plan', set: { timeZone: op.value } }, ...rezonedTimes(state, op.value)],
      inverse: { type: 'plan.update', field: 'timeZone', value: state.timeZone },
    };
  }
  return {
    changes: [{ kind: 'plan', set: { date: op.value } }],
    inverse: { type: 'plan.update', field: 'date', value: state.date },
  };
}

/**
 * A plan's times are wall-clock values in its zone (design: Time), so a new zone keeps every row's
 * clock times and day: 7:00 PM stays 7:00 PM, now in the new zone. A start moved forward by a
 * clock change the end escaped is not allowed to pass the end.
 */
function rezonedTimes(state: PlanState, timeZone: string): PlanChange[] {
  const moved = (instant: string | null) =>
    instant === null ? null : instantOf(wallTimeIn(instant, state.timeZone), timeZone);
  return liveEntries(state)
    .filter((entry) => entry.beginsAt !== null || entry.endsAt !== null)
    .map((entry): PlanChange => {
      const beginsAt = moved(entry.beginsAt);
      const endsAt = moved(entry.endsAt);
      const times = { beginsAt, endsAt };
      return {
        kind: 'updateEntry',
        ref: entry.ref,
        set: endsBeforeBeginning(times) ? { beginsAt, endsAt: beginsAt } : times,
      };
    });
}

function linkedFacts(
  op: PlanOperationOf<'activity.add'>,
  facts: PlanOpFacts | undefined,
): PlanEntry['linked'] | Refusal {
  if (op.source.kind === 'custom') {
    return null;
  }
  const activity = facts?.activity;
  if (activity?.id !== op.source.activityId || !activity.visible) {
    return refuse('INVALID', planMessages.activityNotFound);
  }
  return {
    title: activity.title,
    location: activity.location,
    imageUrl: activity.imageUrl,
    budget: activity.budget,
  };
}

function add(state: PlanState, op: PlanOperationOf<'activity.add'>, facts: PlanOpFacts | undefined): Effect {
  if (state.activities.some((entry) => entry.ref === op.ref)) {
    return refuse('INVALID', planMessages.duplicateRef);
  }
  if (liveEntries(state).length >= PLAN_LIMITS.activities) {
    return refuse('INVALID', planMessages.tooManyActivities);
  }
  const linked = linkedFacts(op, facts);
  if (linked !== null && isRefusal(linked)) {
    return linked;
  }
  const custom = op.source.kind === 'custom' ? op.source : null;
  const entry: PlanEntry = {
    ref: op.ref,
    activityId: op.source.kind === 'linked' ? op.source.activityId : null,
    isCustom: custom !== null,
    customLocation: custom?.customLocation ?? null,
    customDetails: custom?.customDetails ?? null,
    beginsAt: null,
    endsAt: null,
    status: 'unscheduled',
    deleted: false,
    linked,
  };
  return { changes: [{ kind: 'addEntry', entry }], inverse: { type: 'activity.remove', ref: op.ref } };
}

function schedule(state: PlanState, op: PlanOperationOf<'activity.schedule'>, now: Date): Effect {
  const entry = entryOrGone(state, op.ref);
  if (isRefusal(entry)) {
    return entry;
  }
  if (entry.status === 'scheduled') {
    return refuse('INVALID', planMessages.alreadyScheduled);
  }
  return {
    changes: [setTimes(op.ref, defaultScheduleTimes(state, now))],
    inverse: timesInverse(entry),
  };
}

function retime(state: PlanState, op: PlanOperationOf<'activity.setTimes'>): Effect {
  const entry = entryOrGone(state, op.ref);
  if (isRefusal(entry)) {
    return entry;
  }
  if (endsBeforeBeginning(op)) {
    return refuse('INVALID', messages.plans.endBeforeBegin);
  }
  return { changes: [setTimes(op.ref, op)], inverse: timesInverse(entry) };
}

function edit(state: PlanState, op: PlanOperationOf<'activity.edit'>): Effect {
  const entry = entryOrGone(state, op.ref);
  if (isRefusal(entry)) {
    return entry;
  }
  if (!entry.isCustom) {
    return refuse('INVALID', planMessages.onlyCustomEditable);
  }
  const location = op.customLocation === undefined ? {} : { customLocation: op.customLocation };
  const details = op.customDetails === undefined ? {} : { customDetails: op.customDetails };
  const previousLocation = op.customLocation === undefined ? {} : { customLocation: entry.customLocation };
  const previousDetails = op.customDetails === undefined ? {} : { customDetails: entry.customDetails };
  return {
    changes: [{ kind: 'updateEntry', ref: op.ref, set: { ...location, ...details } }],
    inverse: { type: 'activity.edit', ref: op.ref, ...previousLocation, ...previousDetails },
  };
}

function remove(state: PlanState, op: PlanOperationOf<'activity.remove'>): Effect {
  const entry = entryOrGone(state, op.ref);
  return isRefusal(entry) ? entry : { changes: [{ kind: 'removeEntry', ref: op.ref }], inverse: null };
}

function lock(state: PlanState, op: PlanOperationOf<'plan.lock'>): Effect {
  if (state.status !== 'prepared') {
    return refuse('INVALID', planMessages.lockNeedsPrepared);
  }
  return {
    changes: [{ kind: 'plan', set: { locked: op.locked } }],
    inverse: { type: 'plan.lock', locked: state.locked },
  };
}

function invite(
  state: PlanState,
  op: PlanOperationOf<'collaborator.invite'>,
  facts: PlanOpFacts | undefined,
): Effect {
  const userIds = normalizeInvitees(op.userIds, state);
  if (userIds.length === 0) {
    return refuse('INVALID', planMessages.inviteNobody);
  }
  const invitable = new Set(facts?.invitable ?? []);
  if (!userIds.every((id) => invitable.has(id))) {
    return refuse('INVALID', planMessages.inviteFollowedOnly);
  }
  if (state.collaboratorIds.length + userIds.length > PLAN_LIMITS.collaborators) {
    return refuse('INVALID', planMessages.tooManyCollaborators);
  }
  // Inviting shares the plan: a draft becomes prepared in the same step (spec: statusAfterShare).
  const changes: PlanChange[] = [{ kind: 'addCollaborators', userIds }];
  if (state.status === 'draft') {
    changes.push({ kind: 'status', to: 'prepared' });
  }
  return { changes, inverse: null };
}

function uninvite(state: PlanState, op: PlanOperationOf<'collaborator.remove'>): Effect {
  if (!state.collaboratorIds.includes(op.userId)) {
    return refuse('GONE', planMessages.collaboratorGone);
  }
  return { changes: [{ kind: 'removeCollaborator', userId: op.userId }], inverse: null };
}

function changeStatus(state: PlanState, op: PlanOperationOf<'status.change'>): Effect {
  const problem = transitionProblem(state.status, op.to);
  if (problem !== null) {
    return refuse('INVALID', problem);
  }
  switch (op.to) {
    case 'prepared': {
      const [first] = prepareProblems(state);
      return first === undefined
        ? { changes: [{ kind: 'status', to: 'prepared' }], inverse: { type: 'status.change', to: 'draft' } }
        : refuse('INVALID', first);
    }
    case 'draft': {
      // The lock guards a prepared plan's title and date; a draft is edited freely.
      const changes: PlanChange[] = [{ kind: 'status', to: 'draft' }];
      if (state.locked) {
        changes.push({ kind: 'plan', set: { locked: false } });
      }
      return { changes, inverse: { type: 'status.change', to: 'prepared' } };
    }
    case 'completed': {
      const gone = op.publish.photos.fromActivityRefs.some((ref) => findLiveEntry(state, ref) === undefined);
      return gone
        ? refuse('GONE', planMessages.photoGone)
        : { changes: [{ kind: 'status', to: 'completed' }], inverse: null };
    }
  }
}

function effectOf(state: PlanState, op: PlanOperation, context: PlanOpContext): Effect {
  switch (op.type) {
    case 'plan.create':
      return create(state, op);
    case 'plan.update':
      return update(state, op);
    case 'activity.add':
      return add(state, op, context.facts);
    case 'activity.schedule':
      return schedule(state, op, context.now);
    case 'activity.setTimes':
      return retime(state, op);
    case 'activity.edit':
      return edit(state, op);
    case 'activity.remove':
      return remove(state, op);
    case 'plan.lock':
      return lock(state, op);
    case 'collaborator.invite':
      return invite(state, op, context.facts);
    case 'collaborator.remove':
      return uninvite(state, op);
    case 'status.change':
      return changeStatus(state, op);
    case 'plan.delete':
      return { changes: [{ kind: 'delete' }], inverse: null };
  }
}

/**
 * Checks one operation against the plan as it stands and applies it: the server under the plan's
 * row lock (then persists `changes` and stores `inverse` with the event), the browser on its
 * pending overlay. Refusals carry the spec's text; the browser shows it after the op's alert prefix.
 */
export function applyPlanOperation(
  state: PlanState,
  op: PlanOperation,
  actor: PlanActor,
  context: PlanOpContext,
): PlanOpOutcome {
  if (state.deleted) {
    return refuse('NOT_FOUND', planMessages.notFound);
  }
  if (state.status === 'completed') {
    return refuse('READ_ONLY', planMessages.readOnly);
  }
  const forbidden = roleProblem(state, actor, op);
  if (forbidden) {
    return forbidden;
  }
  const effect = effectOf(state, op, context);
  if (isRefusal(effect)) {
    return effect;
  }
  const next = { ...applyPlanChanges(state, effect.changes), version: state.version + 1 };
  return { ok: true, state: next, changes: effect.changes, inverse: effect.inverse };
}
