import {
  durationMinutes,
  endsBeforeBeginning,
  isScheduled,
  sortTimeline,
  splitTimeline,
  timelineDays,
} from './plan-timeline';

const row = (id: string, beginsAt: string | null, endsAt: string | null = null) => ({ id, beginsAt, endsAt });

describe('sortTimeline', () => {
  it('orders by start time, rows without one last, ties in their given order', () => {
    const rows = [
      row('untimed-1', null),
      row('late', '2025-03-08T20:00:00.000Z'),
      row('early-1', '2025-03-08T18:00:00.000Z'),
      row('untimed-2', null),
      row('early-2', '2025-03-08T18:00:00.000Z'),
    ];
    expect(sortTimeline(rows).map((r) => r.id)).toEqual([
      'early-1',
      'early-2',
      'late',
      'untimed-1',
      'untimed-2',
    ]);
  });

  it('compares instants, not their spelling', () => {
    const rows = [row('paris', '2025-03-08T19:30:00+01:00'), row('utc', '2025-03-08T18:00:00Z')];
    expect(sortTimeline(rows).map((r) => r.id)).toEqual(['utc', 'paris']);
  });

  it('leaves its input alone', () => {
    const rows = [row('b', '2025-03-08T20:00:00Z'), row('a', '2025-03-08T18:00:00Z')];
    sortTimeline(rows);
    expect(rows.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('splitTimeline', () => {
  it('puts rows with both times on the timeline, the rest in the unscheduled list', () => {
    const { scheduled, unscheduled } = splitTimeline([
      row('half', '2025-03-08T17:00:00Z'),
      row('b', '2025-03-08T20:00:00Z', '2025-03-08T21:00:00Z'),
      row('none', null),
      row('a', '2025-03-08T18:00:00Z', '2025-03-08T19:00:00Z'),
    ]);
    expect(scheduled.map((r) => r.id)).toEqual(['a', 'b']);
    expect(unscheduled.map((r) => r.id)).toEqual(['half', 'none']);
  });
});

describe('durations and checks', () => {
  it('counts whole minutes between begin and end', () => {
    expect(durationMinutes(row('x', '2025-03-08T18:00:00Z', '2025-03-08T19:30:00Z'))).toBe(90);
    expect(durationMinutes(row('x', '2025-03-08T18:00:00Z', '2025-03-08T18:00:00Z'))).toBe(0);
    expect(durationMinutes(row('x', '2025-03-08T18:00:00Z'))).toBeNull();
  });

  it('measures real time across a clock change', () => {
    // 1:30 to 3:30 on the clock in New York's spring-forward night is one hour.
    expect(durationMinutes(row('x', '2025-03-09T06:30:00Z', '2025-03-09T07:30:00Z'))).toBe(60);
  });

  it('is scheduled only with both times', () => {
    expect(isScheduled(row('x', 'a', 'b'))).toBe(true);
    expect(isScheduled(row('x', 'a'))).toBe(false);
    expect(isScheduled(row('x', null, 'b'))).toBe(false);
  });

  it('flags an end before the beginning, not an end at it', () => {
    expect(endsBeforeBeginning(row('x', '2025-03-08T18:00:00Z', '2025-03-08T17:59:00Z'))).toBe(true);
    expect(endsBeforeBeginning(row('x', '2025-03-08T18:00:00Z', '2025-03-08T18:00:00Z'))).toBe(false);
    expect(endsBeforeBeginning(row('x', null, '2025-03-08T17:59:00Z'))).toBe(false);
  });
});

describe('timelineDays', () => {
  const la = { date: '2026-12-05', timeZone: 'America/Los_Angeles' };
  const days = (rows: ReturnType<typeof row>[], plan: { date: string | null; timeZone: string } = la) => {
    const result = timelineDays(rows, plan);
    return { named: result.named, days: result.days.map((day) => [day.day, day.entries.map((r) => r.id)]) };
  };

  it("leaves a one-day plan on its date unnamed, reading days on the plan's clock", () => {
    // 03:00 UTC on Dec 6 is 7:00 PM on Dec 5 in Los Angeles.
    expect(
      days([row('dinner', '2026-12-06T03:00:00.000Z'), row('walk', '2026-12-05T22:00:00.000Z')]),
    ).toEqual({
      named: false,
      days: [['2026-12-05', ['walk', 'dinner']]],
    });
  });

  it("names the day of a row that is not on the plan's date, even alone", () => {
    expect(days([row('brunch', '2026-12-12T17:00:00.000Z')])).toEqual({
      named: true,
      days: [['2026-12-12', ['brunch']]],
    });
  });

  it('groups a multi-day plan by day, in order', () => {
    const rows = [
      row('sunday', '2026-12-06T18:00:00.000Z'),
      row('friday', '2026-12-06T03:00:00.000Z'),
      row('saturday', '2026-12-06T06:00:00.000Z'),
    ];
    // 06:00 UTC on Dec 6 is 10:00 PM on Dec 5 in Los Angeles: still Friday there.
    expect(days(rows)).toEqual({
      named: true,
      days: [
        ['2026-12-05', ['friday', 'saturday']],
        ['2026-12-06', ['sunday']],
      ],
    });
  });

  it('names no day of an undated plan whose rows share one', () => {
    expect(days([row('x', '2026-12-06T18:00:00.000Z')], { date: null, timeZone: 'UTC' }).named).toBe(false);
  });
});
