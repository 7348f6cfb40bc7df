import { authorLabel, coverOf, parsePostId, placeLabel, postPath, postTypeLabel } from './post-rules';

describe('post rules', () => {
  const photo = (position: number) => ({ position, type: 'photo' as const, url: `u${position}` });

  const video = (position: number) => ({ position, type: 'video' as const, url: `v${position}` });

  it('takes the first photo as the cover, else the lowest position, else the first image url', () => {
    expect(coverOf([photo(2), photo(0), photo(1)])).toEqual(photo(0));
    expect(coverOf([photo(3), photo(2)])).toEqual(photo(2));
    expect(coverOf([photo(2), video(0), photo(1)])).toEqual(photo(1));
    expect(coverOf([video(1), video(0)])).toEqual(video(0));
    expect(coverOf([], ['a.jpg', 'b.jpg'])).toBe('a.jpg');
    expect(coverOf([])).toBeNull();
  });

  it('labels and links posts', () => {
    expect(postTypeLabel('activity')).toBe('Activity');
    expect(postTypeLabel('date')).toBe('Date');
    expect(postPath('date', '12')).toBe('/date/12');
  });

  it('names the author by display name, username, else Unknown User', () => {
    expect(authorLabel({ displayName: 'Sam', username: 'sam' })).toBe('Sam');
    expect(authorLabel({ displayName: ' ', username: 'sam' })).toBe('sam');
    expect(authorLabel({})).toBe('Unknown User');
  });

  it('accepts only positive integer ids', () => {
    expect(parsePostId('42')).toBe('42');
    for (const bad of ['abc', '0', '-1', '1.5', '012', '', '1e3', '9'.repeat(19)]) {
      expect(parsePostId(bad)).toBeNull();
    }
  });

  it('labels a place by its type, with the address a Site Specific one has', () => {
    expect(placeLabel({ locationType: 'Outdoor', location: null })).toBe('Outdoor');
    expect(placeLabel({ locationType: 'Site Specific', location: '1 Main St' })).toBe(
      'Site Specific: 1 Main St',
    );
  });
});
