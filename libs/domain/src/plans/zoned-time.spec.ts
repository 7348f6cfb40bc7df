import {
  defaultScheduleTimes,
  fromPickerTime,
  instantOf,
  instantOfPickerTime,
  PICKER_HOURS,
  PICKER_MINUTES,
  pickerTimeOf,
  toPickerTime,
  wallTimeIn,
} from './zoned-time';

describe('defaultScheduleTimes', () => {
  it('is 9:00–10:00 today on the member’s clock', () => {
    expect(defaultScheduleTimes(new Date('2025-01-15T12:00:00Z'), 'Europe/Paris')).toEqual({
      beginsAt: '2025-01-15T08:00:00.000Z',
      endsAt: '2025-01-15T09:00:00.000Z',
    });
    expect(defaultScheduleTimes(new Date('2025-01-15T12:00:00Z'), 'UTC')).toEqual({
      beginsAt: '2025-01-15T09:00:00.000Z',
      endsAt: '2025-01-15T10:00:00.000Z',
    });
  });

  it('takes “today” in the member’s zone', () => {
    // Already the 16th in Tokyo, still the 15th in Los Angeles.
    const now = new Date('2025-01-15T20:00:00Z');
    expect(defaultScheduleTimes(now, 'Asia/Tokyo').beginsAt).toBe('2025-01-16T00:00:00.000Z');
    expect(defaultScheduleTimes(now, 'America/Los_Angeles').beginsAt).toBe('2025-01-15T17:00:00.000Z');
  });

  it('stays 9:00–10:00 on the clock on daylight-saving days', () => {
    // New York springs forward at 2:00 on 9 March 2025 and falls back at 2:00 on 2 November.
    expect(defaultScheduleTimes(new Date('2025-03-09T12:00:00Z'), 'America/New_York')).toEqual({
      beginsAt: '2025-03-09T13:00:00.000Z',
      endsAt: '2025-03-09T14:00:00.000Z',
    });
    expect(defaultScheduleTimes(new Date('2025-11-02T12:00:00Z'), 'America/New_York')).toEqual({
      beginsAt: '2025-11-02T14:00:00.000Z',
      endsAt: '2025-11-02T15:00:00.000Z',
    });
    // Lord Howe Island moves by half an hour (+11:00 to +10:30 at 2:00 on 6 April).
    expect(defaultScheduleTimes(new Date('2025-04-06T03:00:00Z'), 'Australia/Lord_Howe').beginsAt).toBe(
      '2025-04-05T22:30:00.000Z',
    );
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
