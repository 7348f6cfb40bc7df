import { messages } from '../messages';
import { PLAN_LIMITS, planMessages } from './constants';
import { planOperationSchema } from './operations';

const ref = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const uploadId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const parse = (value: unknown) => planOperationSchema.safeParse(value);
const firstMessage = (value: unknown) => parse(value).error?.issues[0]?.message;

describe('planOperationSchema', () => {
  it('trims a title and needs one', () => {
    expect(parse({ type: 'plan.update', field: 'title', value: '  Picnic  ' }).data).toEqual({
      type: 'plan.update',
      field: 'title',
      value: 'Picnic',
    });
    expect(firstMessage({ type: 'plan.update', field: 'title', value: '   ' })).toBe(
      messages.plans.addTitleBeforeSaving,
    );
    expect(firstMessage({ type: 'plan.create', title: 'x'.repeat(81) })).toBe(messages.posts.titleTooLong);
  });

  it('creates with no date unless one is given', () => {
    expect(parse({ type: 'plan.create', title: 'Picnic' }).data).toEqual({
      type: 'plan.create',
      title: 'Picnic',
      date: null,
    });
  });

  it('takes a calendar day or null as the date, nothing else', () => {
    expect(parse({ type: 'plan.update', field: 'date', value: null }).success).toBe(true);
    expect(parse({ type: 'plan.update', field: 'date', value: '2025-03-08' }).success).toBe(true);
    expect(parse({ type: 'plan.update', field: 'date', value: '2025-02-30' }).success).toBe(false);
    expect(parse({ type: 'plan.update', field: 'date', value: '9999-12-31' }).success).toBe(false);
    expect(parse({ type: 'plan.update', field: 'title', value: null }).success).toBe(false);
  });

  it('stores times as UTC ISO, from any offset', () => {
    expect(
      parse({ type: 'activity.setTimes', ref, beginsAt: '2025-03-08T19:30:00+01:00', endsAt: null }).data,
    ).toEqual({ type: 'activity.setTimes', ref, beginsAt: '2025-03-08T18:30:00.000Z', endsAt: null });
  });

  it.each([
    '2025-03-08',
    '2025-03-08T19:30:00',
    '0001-01-01T00:00:00Z',
    `2025-03-08T19:30:00.${'1'.repeat(40)}Z`,
  ])('refuses %s as a time', (time) => {
    expect(firstMessage({ type: 'activity.setTimes', ref, beginsAt: time, endsAt: null })).toBe(
      planMessages.invalidTime,
    );
  });

  it("sets a plan's zone only to one the runtime knows", () => {
    const zone = (value: string) => ({ type: 'plan.update', field: 'timeZone', value });
    expect(parse(zone('Europe/Paris')).success).toBe(true);
    expect(firstMessage(zone('Mars/Olympus'))).toBe(planMessages.invalidTimeZone);
  });

  it('schedules by the row alone, dropping the zone older clients send', () => {
    const parsed = parse({ type: 'activity.schedule', ref, timeZone: 'Mars/Olympus' });
    expect(parsed.success && parsed.data).toEqual({ type: 'activity.schedule', ref });
  });

  it('adds linked rows by activity id and custom rows with their words', () => {
    expect(parse({ type: 'activity.add', ref, source: { kind: 'linked', activityId: '12' } }).success).toBe(
      true,
    );
    expect(parse({ type: 'activity.add', ref, source: { kind: 'linked', activityId: 12 } }).success).toBe(
      false,
    );
    expect(parse({ type: 'activity.add', ref, source: { kind: 'custom', customLocation: '' } }).data).toEqual(
      {
        type: 'activity.add',
        ref,
        source: { kind: 'custom', customLocation: null },
      },
    );
    expect(parse({ type: 'activity.add', ref: 'not-a-uuid', source: { kind: 'custom' } }).success).toBe(
      false,
    );
  });

  it('edits custom fields: left out stays, empty clears, nothing at all is refused', () => {
    expect(parse({ type: 'activity.edit', ref, customDetails: '' }).data).toEqual({
      type: 'activity.edit',
      ref,
      customDetails: null,
    });
    expect(firstMessage({ type: 'activity.edit', ref })).toBe(planMessages.editNothing);
    expect(
      firstMessage({ type: 'activity.edit', ref, customDetails: 'x'.repeat(PLAN_LIMITS.customDetails + 1) }),
    ).toBe(planMessages.customDetailsTooLong);
    expect(parse({ type: 'activity.edit', ref, customLocation: 'a\u0000b' }).success).toBe(false);
  });

  it('bounds an invite and accepts blanks for the rules to drop', () => {
    expect(parse({ type: 'collaborator.invite', userIds: [` ${ref} `, ''] }).data).toEqual({
      type: 'collaborator.invite',
      userIds: [ref, ''],
    });
    expect(firstMessage({ type: 'collaborator.invite', userIds: [] })).toBe(planMessages.inviteNobody);
    expect(firstMessage({ type: 'collaborator.invite', userIds: ['someone'] })).toBe(
      planMessages.inviteFollowedOnly,
    );
    expect(
      firstMessage({
        type: 'collaborator.invite',
        userIds: Array.from({ length: PLAN_LIMITS.collaborators + 1 }, () => ref),
      }),
    ).toBe(planMessages.tooManyInvitees);
  });

  describe('status.change', () => {
    const publish = { title: 'Our day', description: 'Lovely', photos: { uploadIds: [uploadId, uploadId] } };

    it('completes only with a recap, private unless made public', () => {
      expect(parse({ type: 'status.change', to: 'completed' }).success).toBe(false);
      expect(parse({ type: 'status.change', to: 'completed', publish }).data).toEqual({
        type: 'status.change',
        to: 'completed',
        publish: {
          title: 'Our day',
          description: 'Lovely',
          dateOf: null,
          visibilityPublic: false,
          photos: { fromActivityRefs: [], uploadIds: [uploadId] },
        },
      });
    });

    it('needs at least one photo and at most a post’s worth', () => {
      expect(
        firstMessage({ type: 'status.change', to: 'completed', publish: { ...publish, photos: {} } }),
      ).toBe(messages.posts.imageRequired);
      const many = Array.from(
        { length: PLAN_LIMITS.publishPhotos },
        (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      );
      expect(
        parse({
          type: 'status.change',
          to: 'completed',
          publish: { ...publish, photos: { uploadIds: many, fromActivityRefs: [ref] } },
        }).success,
      ).toBe(false);
    });

    it('moves between draft and prepared without a recap', () => {
      expect(parse({ type: 'status.change', to: 'prepared' }).success).toBe(true);
      expect(parse({ type: 'status.change', to: 'draft' }).success).toBe(true);
      expect(parse({ type: 'status.change', to: 'deleted' }).success).toBe(false);
    });
  });

  it('refuses an unknown operation', () => {
    expect(parse({ type: 'plan.rename', title: 'x' }).success).toBe(false);
  });
});
