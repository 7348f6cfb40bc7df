/** How the viewer knows the author (spec section 2): 'Following', or '{n} mutual'. */
export type Relationship = { kind: 'following' } | { kind: 'mutual'; count: number };

export function RelationshipBadge({ relationship }: { relationship: Relationship }) {
  return (
    <span className="post-card__badge">
      {relationship.kind === 'following' ? 'Following' : `${relationship.count} mutual`}
    </span>
  );
}
