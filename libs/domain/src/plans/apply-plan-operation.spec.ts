import { messages, PLAN_LIMITS, planMessages, type PlanEntry, type PlanOperation } from '@datebook/contracts';
import { applyPlanOperation, type PlanOpContext, type PlanOpOutcome } from './apply-plan-operation';
import { emptyPlanState, type PlanActor, type PlanState } from './plan-state';

const OWNER = '11111111-1111-4111-8111-111111111111';
const SAM = '22222222-2222-4222-8222-222222222222';
const ALEX = '33333333-3333-4333-8333-333333333333';
const STRANGER = '44444444-4444-4444-8444-444444444444';
const owner: PlanActor = { userId: OWNER, role: 'owner' };
const sam: PlanActor = { userId: SAM, role: 'collaborator' };
const REF = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const REF2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NEW_REF = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const NOW = new Date('2025-03-05T15:00:00Z');
const ctx: PlanOpContext = { now: NOW };

function entry(overrides: Partial<PlanEntry> = {}): PlanEntry {
  return {
    ref: REF,
    activityId: null,
    isCustom: true,
    customLocation: 'Park',
    customDetails: 'Picnic',
    beginsAt: null,
    endsAt: null,
    status: 'unscheduled',
    deleted: false,
    linked: null,
    ...overrides,
  };
}

function plan(overrides: Partial<PlanState> = {}): PlanState {
  return {
    ...emptyPlanState('42', OWNER),
    title: 'Saturday',
    date: '2025-03-08',
    version: 3,
    activities: [entry()],
    ...overrides,
  };
}

/** A draft shared before (invited, then reverted): Sam is still on it. */
const sharedDraft = (overrides: Partial<PlanState> = {}) => plan({ collaboratorIds: [SAM], ...overrides });
const prepared = (overrides: Partial<PlanState> = {}) =>
  plan({ status: 'prepared', collaboratorIds: [SAM], ...overrides });

function applied(outcome: PlanOpOutcome) {
  if (!outcome.ok) {
    throw new Error(`refused: ${outcome.code} ${outcome.message}`);
  }
  return outcome;
}

const publish = {
  title: 'Our Saturday',
  description: 'It was lovely',
  dateOf: '2025-03-08',
  visibilityPublic: false,
  photos: { fromActivityRefs: [REF], uploadIds: [] },
};

describe('applyPlanOperation', () => {
  describe('whatever the operation', () => {
    it('numbers the result one past the state it applied to', () => {
      const result = applied(
        applyPlanOperation(plan(), { type: 'plan.update', field: 'title', value: 'Sunday' }, owner, ctx),
      );
      expect(result.state.version).toBe(4);
      expect(result.state.title).toBe('Sunday');
    });

    it('refuses everything on a completed plan, even the owner deleting it', () => {
      const completed = prepared({ status: 'completed' });
      const ops: PlanOperation[] = [
        { type: 'plan.update', field: 'title', value: 'x' },
        { type: 'activity.remove', ref: REF },
        { type: 'status.change', to: 'draft' },
        { type: 'plan.delete' },
      ];
      for (const op of ops) {
        expect(applyPlanOperation(completed, op, owner, ctx)).toEqual({
          ok: false,
          code: 'READ_ONLY',
          message: planMessages.readOnly,
        });
      }
    });

    it('answers NOT_FOUND once the plan is deleted', () => {
      const gone = plan({ deleted: true });
      expect(applyPlanOperation(gone, { type: 'activity.remove', ref: REF }, owner, ctx)).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
    });

    it('refuses a collaborator who is no longer on the plan, and a stranger posing as owner', () => {
      const removed = prepared({ collaboratorIds: [] });
      expect(applyPlanOperation(removed, { type: 'activity.remove', ref: REF }, sam, ctx)).toEqual({
        ok: false,
        code: 'FORBIDDEN',
        message: planMessages.accessRevoked,
      });
      const posing: PlanActor = { userId: STRANGER, role: 'owner' };
      expect(applyPlanOperation(plan(), { type: 'activity.remove', ref: REF }, posing, ctx)).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    });

    it.each<[PlanOperation, string]>([
      [{ type: 'plan.delete' }, messages.plans.onlyOwnerCanDelete],
      [{ type: 'collaborator.remove', userId: SAM }, planMessages.onlyOwnerCanRemoveCollaborators],
      [{ type: 'collaborator.invite', userIds: [ALEX] }, planMessages.onlyOwnerCanInvite],
      [{ type: 'plan.lock', locked: true }, planMessages.onlyOwnerCanLock],
    ])('keeps %j to the owner', (op, message) => {
      expect(applyPlanOperation(prepared(), op, sam, ctx)).toEqual({ ok: false, code: 'FORBIDDEN', message });
    });

    it('lets a collaborator edit rows and move the status', () => {
      expect(applyPlanOperation(prepared(), { type: 'activity.remove', ref: REF }, sam, ctx).ok).toBe(true);
      expect(applyPlanOperation(prepared(), { type: 'status.change', to: 'draft' }, sam, ctx).ok).toBe(true);
    });

    it('never changes the state it was given', () => {
      const state = plan();
      const copy = structuredClone(state);
      applyPlanOperation(state, { type: 'activity.remove', ref: REF }, owner, ctx);
      applyPlanOperation(state, { type: 'plan.update', field: 'title', value: 'Other' }, owner, ctx);
      expect(state).toEqual(copy);
    });
  });

  describe('plan.create', () => {
    it('sets the title and date of a fresh plan', () => {
      const result = applied(
        applyPlanOperation(
          emptyPlanState('7', OWNER),
          { type: 'plan.create', title: 'Date night', date: null },
          owner,
          ctx,
        ),
      );
      expect(result.changes).toEqual([{ kind: 'plan', set: { title: 'Date night', date: null } }]);
      expect(result.state).toMatchObject({ title: 'Date night', status: 'draft', version: 1 });
      expect(result.inverse).toBeNull();
    });

    it('refuses a plan that already has operations', () => {
      expect(
        applyPlanOperation(plan(), { type: 'plan.create', title: 'Again', date: null }, owner, ctx),
      ).toEqual({ ok: false, code: 'INVALID', message: planMessages.alreadyCreated });
    });
  });

  describe('plan.update', () => {
    it('sets the date and returns the previous date as the inverse', () => {
      const result = applied(
        applyPlanOperation(sharedDraft(), { type: 'plan.update', field: 'date', value: '2025-04-01' }, sam, {
          now: NOW,
        }),
      );
      expect(result.changes).toEqual([{ kind: 'plan', set: { date: '2025-04-01' } }]);
      expect(result.inverse).toEqual({ type: 'plan.update', field: 'date', value: '2025-03-08' });
    });

    it('sets the zone keeping every row’s clock times, and undoes to the previous zone', () => {
      const evening = entry({
        beginsAt: '2025-03-08T19:00:00.000Z',
        endsAt: '2025-03-08T20:30:00.000Z',
        status: 'scheduled',
      });
      const unscheduled = entry({ ref: REF2 });
      const state = sharedDraft({ activities: [evening, unscheduled] });
      const result = applied(
        applyPlanOperation(
          state,
          { type: 'plan.update', field: 'timeZone', value: 'America/Los_Angeles' },
          sam,
          ctx,
        ),
      );
      // 7:00 PM in UTC stays 7:00 PM, now in Los Angeles (PST, UTC-8); the unscheduled row is untouched.
      expect(result.changes).toEqual([
        { kind: 'plan', set: { timeZone: 'America/Los_Angeles' } },
        {
          kind: 'updateEntry',
          ref: REF,
          set: { beginsAt: '2025-03-09T03:00:00.000Z', endsAt: '2025-03-09T04:30:00.000Z' },
        },
      ]);
      expect(result.state.timeZone).toBe('America/Los_Angeles');
      expect(result.inverse).toEqual({ type: 'plan.update', field: 'timeZone', value: 'UTC' });
      const undone = applied(applyPlanOperation(result.state, result.inverse!, sam, ctx));
      expect(undone.state.activities[0]).toMatchObject({
        beginsAt: evening.beginsAt,
        endsAt: evening.endsAt,
      });
    });

    it('returns the previous title as the inverse', () => {
      const result = applied(
        applyPlanOperation(plan(), { type: 'plan.update', field: 'title', value: 'New' }, owner, ctx),
      );
      expect(result.inverse).toEqual({ type: 'plan.update', field: 'title', value: 'Saturday' });
    });

    it('refuses title, date and zone while they are locked, for the owner too', () => {
      const locked = prepared({ locked: true });
      for (const op of [
        { type: 'plan.update', field: 'title', value: 'New' },
        { type: 'plan.update', field: 'date', value: null },
        { type: 'plan.update', field: 'timeZone', value: 'Asia/Tokyo' },
      ] as const) {
        expect(applyPlanOperation(locked, op, owner, ctx)).toEqual({
          ok: false,
          code: 'LOCKED',
          message: planMessages.locked,
        });
      }
    });

    it('leaves rows editable while the title and date are locked', () => {
      const locked = prepared({ locked: true });
      expect(applyPlanOperation(locked, { type: 'activity.remove', ref: REF }, sam, ctx).ok).toBe(true);
    });
  });

  describe('activity.add', () => {
    const linkedOp: PlanOperation = {
      type: 'activity.add',
      ref: NEW_REF,
      source: { kind: 'linked', activityId: '9' },
    };
    const visible = {
      id: '9',
      visible: true,
      title: 'Kayaking',
      location: 'River',
      imageUrl: 'k.jpg',
      budget: '$$' as const,
    };

    it('adds a custom row, unscheduled, with remove as its inverse', () => {
      const op: PlanOperation = {
        type: 'activity.add',
        ref: NEW_REF,
        source: { kind: 'custom', customDetails: 'Dinner\nat eight' },
      };
      const result = applied(applyPlanOperation(plan(), op, owner, ctx));
      expect(result.changes).toEqual([
        {
          kind: 'addEntry',
          entry: {
            ref: NEW_REF,
            activityId: null,
            isCustom: true,
            customLocation: null,
            customDetails: 'Dinner\nat eight',
            beginsAt: null,
            endsAt: null,
            status: 'unscheduled',
            deleted: false,
            linked: null,
          },
        },
      ]);
      expect(result.inverse).toEqual({ type: 'activity.remove', ref: NEW_REF });
    });

    it('adds a linked row with what the actor may see of the activity', () => {
      const result = applied(
        applyPlanOperation(plan(), linkedOp, owner, { now: NOW, facts: { activity: visible } }),
      );
      expect(result.state.activities[1]).toMatchObject({
        ref: NEW_REF,
        activityId: '9',
        isCustom: false,
        linked: { title: 'Kayaking', location: 'River', imageUrl: 'k.jpg', budget: '$$' },
      });
    });

    it.each([
      ['one the actor may not see', { activity: { ...visible, visible: false } }],
      ['another activity than the one named', { activity: { ...visible, id: '10' } }],
      ['no facts at all', undefined],
    ])('refuses a linked activity when the facts say %s', (_, facts) => {
      expect(applyPlanOperation(plan(), linkedOp, owner, { now: NOW, facts })).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.activityNotFound,
      });
    });

    it('refuses a ref already used, removed rows included', () => {
      const op: PlanOperation = { type: 'activity.add', ref: REF, source: { kind: 'custom' } };
      for (const state of [plan(), plan({ activities: [entry({ deleted: true })] })]) {
        expect(applyPlanOperation(state, op, owner, ctx)).toEqual({
          ok: false,
          code: 'INVALID',
          message: planMessages.duplicateRef,
        });
      }
    });

    it('refuses a row past the limit, counting only rows still in the plan', () => {
      const rows = (count: number, deleted = false) =>
        Array.from({ length: count }, (_, index) =>
          entry({ ref: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, deleted }),
        );
      const op: PlanOperation = { type: 'activity.add', ref: NEW_REF, source: { kind: 'custom' } };
      expect(applyPlanOperation(plan({ activities: rows(PLAN_LIMITS.activities) }), op, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.tooManyActivities,
      });
      const withTombstones = plan({
        activities: [...rows(PLAN_LIMITS.activities - 1), entry({ ref: REF2, deleted: true })],
      });
      expect(applyPlanOperation(withTombstones, op, owner, ctx).ok).toBe(true);
    });
  });

  describe('activity.schedule', () => {
    const op: PlanOperation = { type: 'activity.schedule', ref: REF };

    it('sets 9:00–10:00 on the plan’s date in the plan’s zone and makes the row scheduled', () => {
      // The plan is dated Mar 8, three days after `now`; New York is on EST until Mar 9.
      const result = applied(applyPlanOperation(plan({ timeZone: 'America/New_York' }), op, owner, ctx));
      expect(result.changes).toEqual([
        {
          kind: 'updateEntry',
          ref: REF,
          set: {
            beginsAt: '2025-03-08T14:00:00.000Z',
            endsAt: '2025-03-08T15:00:00.000Z',
            status: 'scheduled',
          },
        },
      ]);
      expect(result.inverse).toEqual({ type: 'activity.setTimes', ref: REF, beginsAt: null, endsAt: null });
    });

    it('takes today in the plan’s zone, not the server’s, while the plan has no date', () => {
      const lateInNewYork = new Date('2025-03-06T03:00:00Z');
      const undated = plan({ date: null, timeZone: 'America/New_York' });
      const result = applied(applyPlanOperation(undated, op, owner, { now: lateInNewYork }));
      expect(result.state.activities[0]?.beginsAt).toBe('2025-03-05T14:00:00.000Z');
    });

    it('refuses a row someone already scheduled', () => {
      const scheduled = plan({
        activities: [
          entry({
            beginsAt: '2025-03-05T18:00:00.000Z',
            endsAt: '2025-03-05T19:00:00.000Z',
            status: 'scheduled',
          }),
        ],
      });
      expect(applyPlanOperation(scheduled, op, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.alreadyScheduled,
      });
    });

    it('answers GONE for a removed or unknown row', () => {
      for (const state of [plan({ activities: [entry({ deleted: true })] }), plan({ activities: [] })]) {
        expect(applyPlanOperation(state, op, owner, ctx)).toEqual({
          ok: false,
          code: 'GONE',
          message: planMessages.activityGone,
        });
      }
    });
  });

  describe('activity.setTimes', () => {
    const at = (time: string) => `2025-03-08T${time}:00.000Z`;

    it('schedules a row exactly when both times are set', () => {
      const both = applied(
        applyPlanOperation(
          sharedDraft(),
          { type: 'activity.setTimes', ref: REF, beginsAt: at('18:00'), endsAt: at('19:30') },
          sam,
          ctx,
        ),
      );
      expect(both.state.activities[0]).toMatchObject({
        status: 'scheduled',
        beginsAt: at('18:00'),
        endsAt: at('19:30'),
      });
      const one = applied(
        applyPlanOperation(
          sharedDraft(),
          { type: 'activity.setTimes', ref: REF, beginsAt: at('18:00'), endsAt: null },
          sam,
          ctx,
        ),
      );
      expect(one.state.activities[0]).toMatchObject({
        status: 'unscheduled',
        beginsAt: at('18:00'),
        endsAt: null,
      });
    });

    it('makes a row unscheduled when its times are cleared, with the old times as the inverse', () => {
      const scheduled = plan({
        activities: [entry({ beginsAt: at('18:00'), endsAt: at('19:00'), status: 'scheduled' })],
      });
      const result = applied(
        applyPlanOperation(
          scheduled,
          { type: 'activity.setTimes', ref: REF, beginsAt: null, endsAt: null },
          owner,
          ctx,
        ),
      );
      expect(result.state.activities[0]?.status).toBe('unscheduled');
      expect(result.inverse).toEqual({
        type: 'activity.setTimes',
        ref: REF,
        beginsAt: at('18:00'),
        endsAt: at('19:00'),
      });
    });

    it('refuses an end before the beginning with the spec’s text, and allows an end at the beginning', () => {
      expect(
        applyPlanOperation(
          plan(),
          { type: 'activity.setTimes', ref: REF, beginsAt: at('18:00'), endsAt: at('17:59') },
          owner,
          ctx,
        ),
      ).toEqual({ ok: false, code: 'INVALID', message: 'Activity date cannot end before beginning time.' });
      expect(
        applyPlanOperation(
          plan(),
          { type: 'activity.setTimes', ref: REF, beginsAt: at('18:00'), endsAt: at('18:00') },
          owner,
          ctx,
        ).ok,
      ).toBe(true);
    });

    it('answers GONE for a removed row', () => {
      const removed = plan({ activities: [entry({ deleted: true })] });
      expect(
        applyPlanOperation(
          removed,
          { type: 'activity.setTimes', ref: REF, beginsAt: null, endsAt: null },
          owner,
          ctx,
        ),
      ).toMatchObject({ ok: false, code: 'GONE' });
    });
  });

  describe('activity.edit', () => {
    it('changes only the fields sent and returns their old values as the inverse', () => {
      const result = applied(
        applyPlanOperation(
          sharedDraft(),
          { type: 'activity.edit', ref: REF, customDetails: 'Dinner' },
          sam,
          ctx,
        ),
      );
      expect(result.changes).toEqual([{ kind: 'updateEntry', ref: REF, set: { customDetails: 'Dinner' } }]);
      expect(result.state.activities[0]).toMatchObject({ customLocation: 'Park', customDetails: 'Dinner' });
      expect(result.inverse).toEqual({ type: 'activity.edit', ref: REF, customDetails: 'Picnic' });
    });

    it('clears a field sent as null', () => {
      const result = applied(
        applyPlanOperation(
          sharedDraft(),
          { type: 'activity.edit', ref: REF, customLocation: null },
          sam,
          ctx,
        ),
      );
      expect(result.state.activities[0]).toMatchObject({ customLocation: null, customDetails: 'Picnic' });
    });

    it('refuses a linked row, and a removed one', () => {
      const linked = sharedDraft({ activities: [entry({ isCustom: false, activityId: '9' })] });
      expect(
        applyPlanOperation(linked, { type: 'activity.edit', ref: REF, customDetails: 'x' }, sam, ctx),
      ).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.onlyCustomEditable,
      });
      const removed = sharedDraft({ activities: [entry({ deleted: true })] });
      expect(
        applyPlanOperation(removed, { type: 'activity.edit', ref: REF, customDetails: 'x' }, sam, ctx),
      ).toMatchObject({
        code: 'GONE',
      });
    });
  });

  describe('activity.remove', () => {
    it('leaves a tombstone, so later operations on the row answer GONE', () => {
      const result = applied(applyPlanOperation(plan(), { type: 'activity.remove', ref: REF }, owner, ctx));
      expect(result.changes).toEqual([{ kind: 'removeEntry', ref: REF }]);
      expect(result.state.activities[0]?.deleted).toBe(true);
      expect(
        applyPlanOperation(result.state, { type: 'activity.remove', ref: REF }, owner, ctx),
      ).toMatchObject({
        code: 'GONE',
      });
    });
  });

  describe('plan.lock', () => {
    it('locks and unlocks a prepared plan', () => {
      const result = applied(applyPlanOperation(prepared(), { type: 'plan.lock', locked: true }, owner, ctx));
      expect(result.state.locked).toBe(true);
      expect(result.inverse).toEqual({ type: 'plan.lock', locked: false });
    });

    it('refuses a draft', () => {
      expect(applyPlanOperation(plan(), { type: 'plan.lock', locked: true }, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.lockNeedsPrepared,
      });
    });
  });

  describe('collaborator.invite', () => {
    const invitable = [SAM, ALEX];

    it('adds the normalised ids and makes a draft prepared', () => {
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [` ${SAM} `, '', SAM, OWNER, ALEX] };
      const result = applied(applyPlanOperation(plan(), op, owner, { now: NOW, facts: { invitable } }));
      expect(result.changes).toEqual([
        { kind: 'addCollaborators', userIds: [SAM, ALEX] },
        { kind: 'status', to: 'prepared' },
      ]);
      expect(result.state).toMatchObject({ status: 'prepared', collaboratorIds: [SAM, ALEX] });
    });

    it('does not need Prepare Date’s conditions: an invite shares whatever the plan holds', () => {
      const bare = plan({ date: null, activities: [] });
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [SAM] };
      expect(
        applied(applyPlanOperation(bare, op, owner, { now: NOW, facts: { invitable } })).state.status,
      ).toBe('prepared');
    });

    it('keeps a prepared plan prepared and skips people already on it', () => {
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [SAM, ALEX] };
      const result = applied(
        applyPlanOperation(prepared(), op, owner, { now: NOW, facts: { invitable: new Set(invitable) } }),
      );
      expect(result.changes).toEqual([{ kind: 'addCollaborators', userIds: [ALEX] }]);
    });

    it('refuses when nobody is left to invite', () => {
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [' ', OWNER, SAM] };
      expect(applyPlanOperation(prepared(), op, owner, { now: NOW, facts: { invitable } })).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.inviteNobody,
      });
    });

    it('refuses anyone the owner may not invite (not followed, an admin, or not looked up)', () => {
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [SAM, STRANGER] };
      expect(applyPlanOperation(plan(), op, owner, { now: NOW, facts: { invitable } })).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.inviteFollowedOnly,
      });
      expect(
        applyPlanOperation(plan(), { type: 'collaborator.invite', userIds: [SAM] }, owner, ctx),
      ).toMatchObject({
        code: 'INVALID',
      });
    });

    it('refuses more collaborators than a plan may have', () => {
      const full = Array.from({ length: PLAN_LIMITS.collaborators }, (_, index) => `member-${index}`);
      const op: PlanOperation = { type: 'collaborator.invite', userIds: [ALEX] };
      expect(
        applyPlanOperation(prepared({ collaboratorIds: full }), op, owner, {
          now: NOW,
          facts: { invitable },
        }),
      ).toEqual({ ok: false, code: 'INVALID', message: planMessages.tooManyCollaborators });
    });
  });

  describe('collaborator.remove', () => {
    it('takes a collaborator off the plan', () => {
      const result = applied(
        applyPlanOperation(prepared(), { type: 'collaborator.remove', userId: SAM }, owner, ctx),
      );
      expect(result.changes).toEqual([{ kind: 'removeCollaborator', userId: SAM }]);
      expect(result.state.collaboratorIds).toEqual([]);
    });

    it('answers GONE for someone not on the plan', () => {
      expect(
        applyPlanOperation(prepared(), { type: 'collaborator.remove', userId: ALEX }, owner, ctx),
      ).toEqual({
        ok: false,
        code: 'GONE',
        message: planMessages.collaboratorGone,
      });
    });
  });

  describe('status.change', () => {
    it('prepares a draft that has a title, a date and an activity', () => {
      const result = applied(
        applyPlanOperation(plan(), { type: 'status.change', to: 'prepared' }, owner, ctx),
      );
      expect(result.changes).toEqual([{ kind: 'status', to: 'prepared' }]);
      expect(result.inverse).toEqual({ type: 'status.change', to: 'draft' });
    });

    it.each<[string, Partial<PlanState>, string]>([
      ['no date', { date: null }, planMessages.prepareNeedsDate],
      ['no title', { title: '' }, planMessages.prepareNeedsTitle],
      [
        'only removed activities',
        { activities: [entry({ deleted: true })] },
        planMessages.prepareNeedsActivity,
      ],
      [
        'an end before its start',
        {
          activities: [
            entry({
              beginsAt: '2025-03-08T19:00:00.000Z',
              endsAt: '2025-03-08T18:00:00.000Z',
              status: 'scheduled',
            }),
          ],
        },
        messages.plans.endBeforeBegin,
      ],
    ])('refuses to prepare a plan with %s', (_, overrides, message) => {
      expect(
        applyPlanOperation(plan(overrides), { type: 'status.change', to: 'prepared' }, owner, ctx),
      ).toEqual({
        ok: false,
        code: 'INVALID',
        message,
      });
    });

    it('reverts a prepared plan to a draft and drops its lock', () => {
      const result = applied(
        applyPlanOperation(prepared({ locked: true }), { type: 'status.change', to: 'draft' }, sam, ctx),
      );
      expect(result.state).toMatchObject({ status: 'draft', locked: false });
      expect(result.inverse).toEqual({ type: 'status.change', to: 'prepared' });
    });

    it('refuses a change to the status the plan already has', () => {
      expect(applyPlanOperation(plan(), { type: 'status.change', to: 'draft' }, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.alreadyDraft,
      });
      expect(applyPlanOperation(prepared(), { type: 'status.change', to: 'prepared' }, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.alreadyPrepared,
      });
    });

    it('completes a prepared plan with its recap, and not a draft', () => {
      const op: PlanOperation = { type: 'status.change', to: 'completed', publish };
      const result = applied(applyPlanOperation(prepared(), op, sam, ctx));
      expect(result.changes).toEqual([{ kind: 'status', to: 'completed' }]);
      expect(result.inverse).toBeNull();
      expect(applyPlanOperation(plan(), op, owner, ctx)).toEqual({
        ok: false,
        code: 'INVALID',
        message: planMessages.completeNeedsPrepared,
      });
    });

    it('lets only the first of two completions through', () => {
      const op: PlanOperation = { type: 'status.change', to: 'completed', publish };
      const first = applied(applyPlanOperation(prepared(), op, sam, ctx));
      expect(applyPlanOperation(first.state, op, owner, ctx)).toMatchObject({ ok: false, code: 'READ_ONLY' });
    });

    it('refuses a recap whose photos come from a row no longer in the plan', () => {
      const op: PlanOperation = {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { fromActivityRefs: [REF2], uploadIds: [] } },
      };
      expect(applyPlanOperation(prepared(), op, owner, ctx)).toEqual({
        ok: false,
        code: 'GONE',
        message: planMessages.photoGone,
      });
    });
  });

  describe('plan.delete', () => {
    it('deletes the plan in any open status', () => {
      for (const state of [plan(), prepared()]) {
        const result = applied(applyPlanOperation(state, { type: 'plan.delete' }, owner, ctx));
        expect(result.changes).toEqual([{ kind: 'delete' }]);
        expect(result.state.deleted).toBe(true);
      }
    });
  });

  describe('a draft', () => {
    // The spec's "A draft view offers only Add Activity, Schedule and delete-activity" limits what a
    // draft's rows offer, not what a draft accepts (see plan-status.ts).
    it('accepts the editor’s operations, including times and custom details', () => {
      const ops: PlanOperation[] = [
        { type: 'plan.update', field: 'title', value: 'Sunday' },
        { type: 'activity.add', ref: NEW_REF, source: { kind: 'custom' } },
        { type: 'activity.schedule', ref: REF },
        { type: 'activity.setTimes', ref: REF, beginsAt: '2025-03-08T18:00:00.000Z', endsAt: null },
        { type: 'activity.edit', ref: REF, customDetails: 'Picnic by the lake' },
        { type: 'activity.remove', ref: REF },
        { type: 'status.change', to: 'prepared' },
        { type: 'plan.delete' },
      ];
      for (const op of ops) {
        expect(applyPlanOperation(plan(), op, owner, ctx)).toMatchObject({ ok: true });
      }
      expect(
        applyPlanOperation(plan(), { type: 'collaborator.invite', userIds: [SAM] }, owner, {
          now: NOW,
          facts: { invitable: [SAM] },
        }),
      ).toMatchObject({ ok: true });
    });

    it('refuses locking and completing', () => {
      expect(applyPlanOperation(plan(), { type: 'plan.lock', locked: true }, owner, ctx).ok).toBe(false);
      expect(
        applyPlanOperation(plan(), { type: 'status.change', to: 'completed', publish }, owner, ctx).ok,
      ).toBe(false);
    });
  });
});
