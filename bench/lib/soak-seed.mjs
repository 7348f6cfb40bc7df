// The soak's data: a small community from the bench generator (members, follows, activities and
// dates with likes, comments and photos, For You scores, the search index), then the members who
// drive the load, signed up through the load balancer as plan teams (an owner and collaborators per
// plan), each following some of the busiest posters so their Following feed has pages to read.
import { generate } from './generate-data.mjs';
import { makePlanTeams } from './plan-teams.mjs';
import { log } from './stack.mjs';

/** Entries per plan that the plan operations retime. */
const PLAN_ENTRIES = 4;

/** The posters the members start out following, and the others they follow and unfollow. */
const FOLLOWED_AT_START = 150;
const TOGGLED = 150;
const FOLLOWS_PER_MEMBER = 30;
/** Visible posts of each kind the reads, likes and comments pick from. */
const POST_SAMPLE = 500;

/** The generated community, written before any process of the stack runs on the database. */
export async function generateCommunity(databaseUrl, { users, posts, follows }) {
  const started = performance.now();
  await generate(databaseUrl, { users, posts, follows });
  log(
    `generated ${posts} posts of ${users} members in ${((performance.now() - started) / 1000).toFixed(0)}s`,
  );
}

/**
 * Signs up the plan teams through `url` and returns what the load picks from:
 * `{ teams, members, activityIds, dateIds, followTargets, profileNames, categoryId }`.
 */
export async function seedMembers(url, pool, { plans, people }) {
  const signUpStarted = performance.now();
  const teams = await makePlanTeams(url, pool, { plans, people, entries: PLAN_ENTRIES });
  const members = teams.flatMap((team) => team.people);
  log(
    `signed up ${members.length} members in ${plans} plan teams in ` +
      `${((performance.now() - signUpStarted) / 1000).toFixed(0)}s`,
  );

  // Generated members have emails member<n>@…; the run's own are <username>@….
  const { rows: posters } = await pool.query(
    `SELECT p.id, p.username FROM profiles p JOIN users u ON u.id = p.id
      WHERE u.email LIKE 'member%' AND NOT p.is_private AND p.access_type = 'standard'
      ORDER BY (SELECT count(*) FROM activities a WHERE a.user_id = p.id) DESC, p.username
      LIMIT $1`,
    [FOLLOWED_AT_START + TOGGLED],
  );
  const followedAtStart = posters.slice(0, FOLLOWED_AT_START);
  for (const member of members) {
    const picked = [...followedAtStart].sort(() => Math.random() - 0.5).slice(0, FOLLOWS_PER_MEMBER);
    await pool.query(
      `INSERT INTO follows (follower_id, following_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [member.id, picked.map((poster) => poster.id)],
    );
  }

  const visible = async (sql) => (await pool.query(sql, [POST_SAMPLE])).rows.map((row) => String(row.id));
  const activityIds = await visible(
    `SELECT a.id FROM activities a JOIN profiles p ON p.id = a.user_id
      WHERE NOT a.is_custom AND NOT p.is_private AND p.access_type = 'standard' ORDER BY random() LIMIT $1`,
  );
  const dateIds = await visible(
    `SELECT d.id FROM dates d JOIN profiles p ON p.id = d.user_id
      WHERE d.visibility_public AND d.allow_comments AND NOT p.is_private AND p.access_type = 'standard'
      ORDER BY random() LIMIT $1`,
  );
  const { rows: categories } = await pool.query(
    `SELECT id FROM categories WHERE applies_to IN ('activity', 'both') ORDER BY id LIMIT 1`,
  );
  return {
    teams,
    members,
    activityIds,
    dateIds,
    followTargets: posters.slice(FOLLOWED_AT_START).map((poster) => poster.username),
    profileNames: posters.map((poster) => poster.username),
    categoryId: categories[0].id,
  };
}
