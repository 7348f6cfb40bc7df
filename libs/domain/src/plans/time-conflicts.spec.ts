import { conflictingRefs } from './time-conflicts';

const at = (hhmm: string) => `2025-03-08T${hhmm}:00.000Z`;
const slot = (ref: string, begin: string | null, end: string | null, deleted = false) => ({
  ref,
  beginsAt: begin === null ? null : at(begin),
  endsAt: end === null ? null : at(end),
  deleted,
});

describe('conflictingRefs', () => {
  it('finds both rows of an overlap', () => {
    expect(conflictingRefs([slot('a', '18:00', '19:00'), slot('b', '18:30', '20:00')])).toEqual(
      new Set(['a', 'b']),
    );
  });

  it('does not count back-to-back rows', () => {
    expect(conflictingRefs([slot('a', '18:00', '19:00'), slot('b', '19:00', '20:00')]).size).toBe(0);
  });

  it('finds a row inside another, whatever the input order', () => {
    const refs = conflictingRefs([
      slot('c', '21:00', '22:00'),
      slot('inner', '18:15', '18:45'),
      slot('outer', '18:00', '20:00'),
    ]);
    expect(refs).toEqual(new Set(['inner', 'outer']));
  });

  it('finds every row of a chain of overlaps', () => {
    const refs = conflictingRefs([
      slot('a', '10:00', '12:00'),
      slot('b', '11:00', '14:00'),
      slot('c', '13:00', '15:00'),
    ]);
    expect(refs).toEqual(new Set(['a', 'b', 'c']));
  });

  it('ignores unscheduled and removed rows', () => {
    const refs = conflictingRefs([
      slot('a', '18:00', '19:00'),
      slot('half', '18:00', null),
      slot('none', null, null),
      slot('gone', '18:00', '19:00', true),
    ]);
    expect(refs.size).toBe(0);
  });

  it('counts a zero-length row inside another, but not two at the same instant', () => {
    expect(conflictingRefs([slot('a', '18:00', '19:00'), slot('b', '18:30', '18:30')])).toEqual(
      new Set(['a', 'b']),
    );
    expect(conflictingRefs([slot('a', '18:30', '18:30'), slot('b', '18:30', '18:30')]).size).toBe(0);
  });
});
