import { describe, expect, it } from 'vitest';
import { relationshipOf } from './feed-relationship';

describe('relationshipOf', () => {
  it('is Following when the member follows the author', () => {
    expect(relationshipOf({ relationship: 'following', mutualCount: 0 })).toEqual({ kind: 'following' });
  });

  it('counts the mutuals otherwise', () => {
    expect(relationshipOf({ relationship: 'mutual', mutualCount: 4 })).toEqual({ kind: 'mutual', count: 4 });
  });

  it('shows no badge without a tie', () => {
    expect(relationshipOf({ relationship: null, mutualCount: 0 })).toBeNull();
    expect(relationshipOf({ relationship: 'mutual', mutualCount: 0 })).toBeNull();
  });
});
