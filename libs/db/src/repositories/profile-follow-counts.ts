/**
 * The SQL half of the profile visibility policy (spec section 6): admins are never listed in, nor
 * counted towards, anyone's followers or following. Every list and count applies it to the profile
 * on the other end of the follow row.
 */
export const listedProfile = (alias: string): string => `${alias}.access_type = 'standard'`;
/** Its complement, spelled as the predicate of profiles_admin_idx so the planner can use that index. */
const adminProfile = (alias: string): string => `${alias}.access_type = 'admin'`;

/**
 * Every follow row minus those with an admin on the other end. The first part is an index-only count
 * of the profile's follows; the second probes the pair key once per admin (a handful, found through
 * profiles_admin_idx). The LATERAL … LIMIT 1 keeps the planner from turning the probes into a join
 * planned on the average profile, which for a profile with 100k followers walks all of them.
 */
const countExcludingAdmins = (profileId: string, own: 'follower_id' | 'following_id'): string => {
  const other = own === 'following_id' ? 'follower_id' : 'following_id';
  return `((SELECT count(*) FROM follows cf WHERE cf.${own} = ${profileId})
    - (SELECT count(*) FROM profiles ca CROSS JOIN LATERAL (SELECT 1 FROM follows cf
        WHERE cf.${other} = ca.id AND cf.${own} = ${profileId} LIMIT 1) hit WHERE ${adminProfile('ca')}))::int`;
};
export const followerCountSql = (profileId: string): string =>
  countExcludingAdmins(profileId, 'following_id');
export const followingCountSql = (profileId: string): string =>
  countExcludingAdmins(profileId, 'follower_id');
