import { pathHasControlCharacter } from './path-guard';

describe('pathHasControlCharacter', () => {
  it('finds a control character in any decoded segment', () => {
    for (const url of [
      '/api/profiles/%00',
      '/api/profiles/a%00b/followers',
      '/api/auth/factors/%01/challenge',
      '/api/x%7F',
      '/api/profiles/%C2%85',
      '/api/profiles/%0A?limit=1',
      '/api/profiles/a\u0000',
    ]) {
      expect(pathHasControlCharacter(url)).toBe(true);
    }
  });

  it('passes ordinary paths, encoded text and the query string', () => {
    for (const url of [
      '/api/profiles/someone',
      '/api/profiles/%F0%9F%98%80',
      '/api/profiles/a%20b',
      '/api/profiles/a%2500',
      '/api/profiles/someone/followers?cursor=%00',
      '/api/profiles/%E0%A4%A',
      '/',
    ]) {
      expect(pathHasControlCharacter(url)).toBe(false);
    }
  });
});
