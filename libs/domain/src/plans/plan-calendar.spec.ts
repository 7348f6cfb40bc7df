import type { PlanEntry } from '@datebook/contracts';
import { planBudgetSummary } from './plan-budget';
import { planCalendarFileName, planCalendarIcs, type PlanCalendarSource } from './plan-calendar';

const row = (ref: string, overrides: Partial<PlanEntry> = {}): PlanEntry => ({
  ref,
  activityId: `activity-${ref}`,
  isCustom: false,
  customLocation: null,
  customDetails: null,
  beginsAt: null,
  endsAt: null,
  status: 'unscheduled',
  deleted: false,
  linked: { title: `Activity ${ref}`, location: null, imageUrl: null, budget: null },
  ...overrides,
});

const plan = (activities: PlanEntry[], version = 7, timeZone = 'UTC'): PlanCalendarSource => ({
  id: 'plan-1',
  title: 'Beach day',
  version,
  timeZone,
  activities,
});

const now = new Date('2026-11-24T12:00:00Z');

/** The unfolded content lines of an .ics text. */
const linesOf = (ics: string): string[] => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

const eventsOf = (ics: string): string[][] => {
  const events: string[][] = [];
  let current: string[] | null = null;
  for (const line of linesOf(ics)) {
    if (line === 'BEGIN:VEVENT') {
      current = [];
    } else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else {
      current?.push(line);
    }
  }
  return events;
};

const property = (event: string[], name: string): string | undefined =>
  event.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('planCalendarIcs', () => {
  const scheduled = row('a', {
    beginsAt: '2026-12-05T00:00:00.000Z',
    endsAt: '2026-12-05T01:30:00.000Z',
    linked: { title: 'Picnic, then stars; maybe', location: 'Pier 7', imageUrl: null, budget: null },
  });

  it("writes one event per scheduled row, on the plan's clock, with a zone definition", () => {
    const ics = planCalendarIcs(
      plan(
        [scheduled, row('b'), row('c', { beginsAt: '2026-12-05T02:00:00.000Z', endsAt: null })],
        7,
        'America/New_York',
      ),
      { now },
    );
    const events = eventsOf(ics);
    expect(events).toHaveLength(1);
    const [event] = events as [string[]];
    // 00:00 UTC on Dec 5 is 7:00 PM on Dec 4 in New York (UTC-5 in December).
    expect(property(event, 'DTSTART')).toBe('DTSTART;TZID=America/New_York:20261204T190000');
    expect(property(event, 'DTEND')).toBe('DTEND;TZID=America/New_York:20261204T203000');
    expect(property(event, 'SUMMARY')).toBe('SUMMARY:Picnic\\, then stars\\; maybe');
    expect(property(event, 'LOCATION')).toBe('LOCATION:Pier 7');
    expect(property(event, 'DTSTAMP')).toBe('DTSTAMP:20261124T120000Z');
    const lines = linesOf(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('TZID:America/New_York');
    expect(ics.endsWith('\r\n')).toBe(true);
  });

  it('describes the zone with its 2026 clock changes, to the minute', () => {
    const lines = linesOf(planCalendarIcs(plan([scheduled], 7, 'America/New_York'), { now }));
    const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    // Spring forward on March 8 at 2:00 (EST), fall back on November 1 at 2:00 (EDT).
    expect(zone).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:STANDARD',
      'DTSTART:20251231T190000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20260308T020000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20261101T020000',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('keeps UIDs stable across exports and numbers them by the plan version, so a re-import updates', () => {
    const first = eventsOf(planCalendarIcs(plan([scheduled], 7), { now }));
    const moved = { ...scheduled, beginsAt: '2026-12-05T03:00:00.000Z', endsAt: '2026-12-05T04:00:00.000Z' };
    const second = eventsOf(planCalendarIcs(plan([moved], 9), { now }));
    expect(property(first[0] ?? [], 'UID')).toBe('UID:plan-1-a@datebook');
    expect(property(second[0] ?? [], 'UID')).toBe(property(first[0] ?? [], 'UID'));
    expect(property(first[0] ?? [], 'SEQUENCE')).toBe('SEQUENCE:7');
    expect(property(second[0] ?? [], 'SEQUENCE')).toBe('SEQUENCE:9');
    expect(property(second[0] ?? [], 'DTSTART')).toBe('DTSTART:20261205T030000Z');
  });

  it('writes UTC times without a zone definition for UTC and for an unknown zone', () => {
    for (const timeZone of ['UTC', 'Not/AZone']) {
      const ics = planCalendarIcs(plan([scheduled], 7, timeZone), { now });
      expect(ics).not.toContain('VTIMEZONE');
      expect(property(eventsOf(ics)[0] ?? [], 'DTSTART')).toBe('DTSTART:20261205T000000Z');
    }
  });

  it('lands each row on its own day in the plan zone, whatever the exporting member clock', () => {
    const evening = row('e', { beginsAt: '2026-12-06T03:00:00.000Z', endsAt: '2026-12-06T04:00:00.000Z' });
    const nextWeek = row('w', { beginsAt: '2026-12-12T17:00:00.000Z', endsAt: '2026-12-12T18:00:00.000Z' });
    const events = eventsOf(planCalendarIcs(plan([evening, nextWeek], 7, 'America/Los_Angeles'), { now }));
    // 03:00 UTC on Dec 6 is 7:00 PM on Dec 5 in Los Angeles; 17:00 UTC on Dec 12 is 9:00 AM there.
    expect(events.map((event) => property(event, 'DTSTART'))).toEqual([
      'DTSTART;TZID=America/Los_Angeles:20261205T190000',
      'DTSTART;TZID=America/Los_Angeles:20261212T090000',
    ]);
  });

  it('leaves out removed rows and names rows with the spec fallbacks', () => {
    const custom = row('c', {
      isCustom: true,
      activityId: null,
      linked: null,
      customDetails: 'Sunset walk\nbring a jacket',
      beginsAt: '2026-12-05T05:00:00.000Z',
      endsAt: '2026-12-05T06:00:00.000Z',
    });
    const removed = { ...scheduled, ref: 'gone', deleted: true };
    const events = eventsOf(planCalendarIcs(plan([custom, removed]), { now }));
    expect(events.map((event) => property(event, 'SUMMARY'))).toEqual(['SUMMARY:Sunset walk']);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = {
      ...scheduled,
      linked: { title: 'é'.repeat(100), location: null, imageUrl: null, budget: null },
    };
    const ics = planCalendarIcs(plan([long]), { now });
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(property(eventsOf(ics)[0] ?? [], 'SUMMARY')).toBe(`SUMMARY:${'é'.repeat(100)}`);
  });
});

describe('planCalendarFileName', () => {
  it('keeps the title, without characters file systems refuse', () => {
    expect(planCalendarFileName('Beach day')).toBe('Beach day.ics');
    expect(planCalendarFileName('Dinner: 7/8 <tapas>?')).toBe('Dinner 78 tapas.ics');
    expect(planCalendarFileName('  ')).toBe('plan.ics');
  });
});

describe('planBudgetSummary', () => {
  it('counts rows per tier, cheapest first, leaving out tiers nobody has and rows without a budget', () => {
    expect(
      planBudgetSummary([{ budget: '$$' }, { budget: 'Free' }, { budget: null }, { budget: '$$' }]),
    ).toEqual([
      { tier: 'Free', count: 1 },
      { tier: '$$', count: 2 },
    ]);
    expect(planBudgetSummary([])).toEqual([]);
  });
});
