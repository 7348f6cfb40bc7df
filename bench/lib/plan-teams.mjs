// Plans with real members for the live plan benches: everyone signs up through the api, the owner
// follows the others (set in the database: following is not what is measured), creates a plan with
// a few custom entries and invites the rest, as the product does.
import { randomUUID } from 'node:crypto';
import { nextAddress, signUpMember } from './generate-stack.mjs';

const CLIENT_ID = 'bench-plan-teams';

/** Runs `task(item)` over `items`, at most `concurrency` at a time, keeping the order of results. */
export async function mapLimited(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

/** An api call as `member` (with `token`, else their first one); throws on any non-2xx answer. */
export async function callApi(apiUrl, member, method, path, body, token = member.accessToken) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': nextAddress(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/**
 * `plans` plans of `people` members each (an owner and people − 1 collaborators, at most the
 * product's limit), each with `entries` custom entries. Sign-ups run `concurrency` at a time.
 */
export async function makePlanTeams(apiUrl, pool, { plans, people, entries, concurrency = 4 }) {
  const members = await mapLimited(
    Array.from({ length: plans * people }, (_, index) => index),
    concurrency,
    (index) => signUpMember(apiUrl, pool, `collab${Math.floor(index / people)}_${index % people}`),
  );
  return mapLimited(
    Array.from({ length: plans }, (_, index) => index),
    concurrency,
    async (index) => {
      const team = members.slice(index * people, (index + 1) * people);
      const [owner, ...collaborators] = team;
      await pool.query('INSERT INTO follows (follower_id, following_id) SELECT $1, unnest($2::uuid[])', [
        owner.id,
        collaborators.map((person) => person.id),
      ]);
      const plan = await callApi(apiUrl, owner, 'POST', '/api/plans', {
        opId: randomUUID(),
        clientId: CLIENT_ID,
        title: `Bench plan ${index}`,
        date: '2026-12-31',
        timeZone: 'UTC',
      });
      const refs = [];
      let version = plan.version;
      for (let entry = 0; entry < entries; entry += 1) {
        const ref = randomUUID();
        refs.push(ref);
        ({ version } = await callApi(apiUrl, owner, 'POST', `/api/plans/${plan.id}/ops`, {
          opId: randomUUID(),
          clientId: CLIENT_ID,
          baseVersion: version,
          op: { type: 'activity.add', ref, source: { kind: 'custom', customDetails: `Stop ${entry + 1}` } },
        }));
      }
      if (collaborators.length > 0) {
        await callApi(apiUrl, owner, 'POST', `/api/plans/${plan.id}/ops`, {
          opId: randomUUID(),
          clientId: CLIENT_ID,
          baseVersion: version,
          op: { type: 'collaborator.invite', userIds: collaborators.map((person) => person.id) },
        });
      }
      return { planId: plan.id, people: team, refs };
    },
  );
}

/**
 * A fresh access token from another api replica: without a shared signing key (the bench's apps
 * run without one) each replica signs and checks its own tokens. The password is the one
 * `signUpMember` gave the member.
 */
export async function signInOn(apiUrl, member) {
  const response = await fetch(`${apiUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ email: member.email, password: `pw-${member.username}-secret` }),
  });
  if (!response.ok) {
    throw new Error(`sign-in on ${apiUrl}: HTTP ${response.status} ${await response.text()}`);
  }
  return (await response.json()).accessToken;
}
