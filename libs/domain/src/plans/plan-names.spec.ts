import type { PlanEntry } from '@datebook/contracts';
import {
  entryImageUrl,
  entryLocation,
  entryTitle,
  fallbackUsername,
  personName,
  planPerson,
} from './plan-names';

const custom = (customDetails: string | null, customLocation: string | null = null) =>
  ({ isCustom: true, customDetails, customLocation, linked: null }) satisfies Partial<PlanEntry>;
const linked = (title: string | null) =>
  ({
    isCustom: false,
    customDetails: null,
    customLocation: null,
    linked: title === null ? null : { title, location: 'River', imageUrl: 'k.jpg', budget: null },
  }) satisfies Partial<PlanEntry>;

describe('entryTitle', () => {
  it('names a custom row by the first line of its details', () => {
    expect(entryTitle(custom('Dinner at Luigi’s\nTable for two', 'Main St'))).toBe('Dinner at Luigi’s');
    expect(entryTitle(custom('\n  Sunset walk  \r\nbring a jacket'))).toBe('Sunset walk');
  });

  it('falls back to the location, then to “Custom activity”', () => {
    expect(entryTitle(custom('   ', 'Main St'))).toBe('Main St');
    expect(entryTitle(custom(null, null))).toBe('Custom activity');
  });

  it('names a linked row by its activity, else “Planned activity”', () => {
    expect(entryTitle(linked('Kayaking'))).toBe('Kayaking');
    expect(entryTitle(linked(null))).toBe('Planned activity');
    expect(entryTitle(linked(''))).toBe('Planned activity');
  });
});

describe('entry location and photo', () => {
  it('uses the custom location of a custom row and the activity’s of a linked one', () => {
    expect(entryLocation(custom('x', 'Main St'))).toBe('Main St');
    expect(entryLocation(linked('Kayaking'))).toBe('River');
    expect(entryLocation(linked(null))).toBeNull();
    expect(entryImageUrl(linked('Kayaking'))).toBe('k.jpg');
    expect(entryImageUrl(custom('x'))).toBeNull();
  });
});

describe('people', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('shows the display name, else the username, else “Collaborator”', () => {
    expect(personName({ displayName: 'Sam', username: 'sam1' })).toBe('Sam');
    expect(personName({ displayName: ' ', username: 'sam1' })).toBe('sam1');
    expect(personName({ displayName: null, username: null })).toBe('Collaborator');
  });

  it('falls back to the first 12 characters of the id’s first segment for a username', () => {
    expect(fallbackUsername(id)).toBe('0f8fad5b');
    expect(fallbackUsername('abcdefghijklmnop-rest')).toBe('abcdefghijkl');
    expect(planPerson({ id, displayName: null, username: null, avatarUrl: null })).toEqual({
      id,
      name: 'Collaborator',
      username: '0f8fad5b',
      avatarUrl: null,
    });
  });
});
