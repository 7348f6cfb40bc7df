import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PlanDocument, PlanOpAccepted, PlanOperationInput, Session } from '@datebook/contracts';
import type { Member } from './members';

/** A custom row of a seeded plan: its details are its title; times as ISO instants, or none. */
export interface SeededRow {
  details: string;
  beginsAt?: string;
  endsAt?: string;
}

export interface SeededPlan {
  id: string;
  /** The rows' refs, in the order they were given. */
  refs: string[];
}

async function signIn(request: APIRequestContext, member: Member): Promise<Session> {
  const response = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

/**
 * A prepared plan made through the api, for tests about what members do with it on the screens:
 * the owner's title, date and custom rows, and — when given — one collaborator the owner follows
 * and invites (inviting prepares the plan; without one, the owner prepares it).
 */
export async function seedPreparedPlan(
  request: APIRequestContext,
  owner: Member,
  plan: {
    title: string;
    date: string;
    rows: readonly SeededRow[];
    collaborator?: Member;
    /** The plan's zone; UTC unless given. */
    timeZone?: string;
  },
): Promise<SeededPlan> {
  const { accessToken } = await signIn(request, owner);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const clientId = `e2e-${randomUUID()}`;

  const created = await request.post('/api/plans', {
    headers,
    data: {
      opId: randomUUID(),
      clientId,
      title: plan.title,
      date: plan.date,
      timeZone: plan.timeZone ?? 'UTC',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const document = (await created.json()) as PlanDocument;
  const id = document.id;
  let version = document.version;

  const apply = async (op: PlanOperationInput) => {
    const response = await request.post(`/api/plans/${id}/ops`, {
      headers,
      data: { opId: randomUUID(), clientId, baseVersion: version, op },
    });
    expect(response.status(), await response.text()).toBe(201);
    version = ((await response.json()) as PlanOpAccepted).version;
  };

  const refs = plan.rows.map(() => randomUUID());
  for (const [index, row] of plan.rows.entries()) {
    await apply({
      type: 'activity.add',
      ref: refs[index]!,
      source: { kind: 'custom', customLocation: '', customDetails: row.details },
    });
  }
  if (plan.collaborator) {
    const { user } = await signIn(request, plan.collaborator);
    const follow = await request.put(`/api/follows/${plan.collaborator.username}`, { headers });
    expect(follow.status(), await follow.text()).toBe(200);
    await apply({ type: 'collaborator.invite', userIds: [user.id] });
  } else {
    await apply({ type: 'status.change', to: 'prepared' });
  }
  for (const [index, row] of plan.rows.entries()) {
    if (row.beginsAt && row.endsAt) {
      await apply({
        type: 'activity.setTimes',
        ref: refs[index]!,
        beginsAt: row.beginsAt,
        endsAt: row.endsAt,
      });
    }
  }
  return { id, refs };
}
