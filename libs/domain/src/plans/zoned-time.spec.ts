import {
  clockDiffers,
  defaultScheduleTimes,
  fromPickerTime,
  instantOf,
  instantOfPickerTime,
  PICKER_HOURS,
  PICKER_MINUTES,
  pickerTimeOf,
  toPickerTime,
  wallTimeIn,
  zoneShortName,
} from './zoned-time';

describe('defaultScheduleTimes', () => {
  const now = new Date('2025-01-15T12:00:00Z');

  it("is 9:00–10:00 on the plan's date in the plan's zone, whenever and wherever Schedule is pressed", () => {
    expect(defaultScheduleTimes({ date: '2025-12-05', timeZone: 'America/Los_Angeles' }, now)).toEqual({
      beginsAt: '2025-12-05T17:00:00.000Z',
      endsAt: '2025-12-05T18:00:00.000Z',
    });
    expect(defaultScheduleTimes({ date: '2025-12-05', timeZone: 'Asia/Tokyo' }, now)).toEqual({
      beginsAt: '2025-12-05T00:00:00.000Z',
      endsAt: '2025-12-05T01:00:00.000Z',
    });
  });

  it("is today in the plan's zone while the plan has no date", () => {
    expect(defaultScheduleTimes({ date: null, timeZone: 'Europe/Paris' }, now)).toEqual({
      beginsAt: '2025-01-15T08:00:00.000Z',
      endsAt: '2025-01-15T09:00:00.000Z',
    });
    // Already the 16th in Tokyo, still the 15th in Los Angeles.
    const evening = new Date('2025-01-15T20:00:00Z');
    expect(defaultScheduleTimes({ date: null, timeZone: 'Asia/Tokyo' }, evening).beginsAt).toBe(
      '2025-01-16T00:00:00.000Z',
    );
    expect(defaultScheduleTimes({ date: null, timeZone: 'America/Los_Angeles' }, evening).beginsAt).toBe(
      '2025-01-15T17:00:00.000Z',
    );
  });

  it('stays 9:00–10:00 on the clock on daylight-saving days', () => {
    // New York springs forward at 2:00 on 9 March 2025 and falls back at 2:00 on 2 November.
    expect(defaultScheduleTimes({ date: '2025-03-09', timeZone: 'America/New_York' }, now)).toEqual({
      beginsAt: '2025-03-09T13:00:00.000Z',
      endsAt: '2025-03-09T14:00:00.000Z',
    });
    expect(defaultScheduleTimes({ date: '2025-11-02', timeZone: 'America/New_York' }, now)).toEqual({
      beginsAt: '2025-11-02T14:00:00.000Z',
      endsAt: '2025-11-02T15:00:00.000Z',
    });
    // Lord Howe Island moves by half an hour (+11:00 to +10:30 at 2:00 on 6 April).
    expect(defaultScheduleTimes({ date: '2025-04-06', timeZone: 'Australia/Lord_Howe' }, now).beginsAt).toBe(
      '2025-04-05T22:30:00.000Z',
    );
  });
});

describe('zoneShortName and clockDiffers', () => {
  it('names the zone as en-US abbreviates it at that instant, or by its offset where it has no name', () => {
    expect(zoneShortName('America/Los_Angeles', '2026-12-05T03:00:00.000Z')).toBe('PST');
    expect(zoneShortName('America/Los_Angeles', '2026-07-05T03:00:00.000Z')).toBe('PDT');
    expect(zoneShortName('Asia/Tokyo', '2026-12-05T03:00:00.000Z')).toBe('GMT+9');
  });

  it('tells clocks apart by their offset at the instant, not by the zone names', () => {
    const winter = '2026-01-10T12:00:00.000Z';
    const summer = '2026-07-10T12:00:00.000Z';
    expect(clockDiffers('America/Los_Angeles', 'Asia/Tokyo', winter)).toBe(true);
    expect(clockDiffers('Asia/Kolkata', 'Asia/Calcutta', winter)).toBe(false);
    // London is on UTC in winter only.
    expect(clockDiffers('Europe/London', 'UTC', winter)).toBe(false);
    expect(clockDiffers('Europe/London', 'UTC', summer)).toBe(true);
  });
});

describe('instantOf', () => {
  it('reads a wall time skipped by the clock change one hour later', () => {
    expect(instantOf({ day: '2025-03-09', hour: 2, minute: 30 }, 'America/New_York')).toBe(
      '2025-03-09T07:30:00.000Z',
    );
  });

  it('reads a repeated wall time as its first occurrence', () => {
    expect(instantOf({ day: '2025-11-02', hour: 1, minute: 30 }, 'America/New_York')).toBe(
      '2025-11-02T05:30:00.000Z',
    );
  });

  it('round-trips with wallTimeIn', () => {
    const wall = { day: '2025-07-04', hour: 19, minute: 45 };
    expect(wallTimeIn(instantOf(wall, 'Asia/Kolkata'), 'Asia/Kolkata')).toEqual(wall);
  });
});

describe('the 12-hour picker', () => {
  it('offers hours 1 to 12 and minutes 0 to 59', () => {
    expect(PICKER_HOURS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(PICKER_MINUTES).toHaveLength(60);
    expect(PICKER_MINUTES[0]).toBe(0);
    expect(PICKER_MINUTES[59]).toBe(59);
  });

  it.each([
    [0, 5, { hour: 12, minute: 5, meridiem: 'AM' }],
    [9, 0, { hour: 9, minute: 0, meridiem: 'AM' }],
    [12, 30, { hour: 12, minute: 30, meridiem: 'PM' }],
    [23, 59, { hour: 11, minute: 59, meridiem: 'PM' }],
  ] as const)('shows %i:%i as %j and back', (hour, minute, time) => {
    expect(toPickerTime(hour, minute)).toEqual(time);
    expect(fromPickerTime(time)).toEqual({ hour, minute });
  });

  it('converts between a picked time and a stored instant in a zone', () => {
    const instant = instantOfPickerTime(
      '2025-03-08',
      { hour: 7, minute: 15, meridiem: 'PM' },
      'Europe/Paris',
    );
    expect(instant).toBe('2025-03-08T18:15:00.000Z');
    expect(pickerTimeOf(instant, 'Europe/Paris')).toEqual({
      day: '2025-03-08',
      time: { hour: 7, minute: 15, meridiem: 'PM' },
    });
  });
});
