import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type {
  DateDetail,
  MediaKind,
  PlanDocument,
  PlanOpAccepted,
  Session,
  UploadTicket,
} from '@datebook/contracts';
import { UsersRepository } from '@datebook/db';

/** A confirmed member signed in through the load balancer. */
export interface Member {
  id: string;
  username: string;
  email: string;
  accessToken: string;
}

/** An upload whose processing a 2xx answer promised: one rendition set is owed for it. */
export interface OwedUpload {
  userId: string;
  uploadId: string;
  kind: MediaKind;
}

/** What one request got: its status, or the network error that stood for one. */
export interface Answer<T = unknown> {
  status: number;
  body: T | undefined;
}

const PLAN_CLIENT = 'operations-load';

let addressCounter = 0;

/**
 * An address of its own per request, so the api's per-address limits (sign-up above all) see many
 * visitors; nginx appends the real one, which the api (trusting loopback proxies) skips.
 */
function nextAddress(): string {
  addressCounter += 1;
  return `10.88.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * The requests that make jobs, sent as browsers send them through the load balancer: a sign-up (one
 * confirmation mail), an avatar save or a date with a photo (one rendition set), and the follows and
 * plan edits the api tells open tabs about. Outcomes of the load's requests are returned, not
 * thrown, so a test under faults can count what was acknowledged.
 */
export class JobSources {
  constructor(
    private readonly baseUrl: string,
    private readonly db: DataSource,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'x-forwarded-for': nextAddress(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as T) : undefined };
    } catch {
      return { status: 0, body: undefined };
    }
  }

  /** A sign-up; on a 201 its confirmation mail goes to the returned address. */
  async signUp(
    label: string,
  ): Promise<{ username: string; email: string; password: string; status: number }> {
    const username = `${label}_${randomUUID().slice(0, 8)}`;
    const email = `${username}@ops.example.com`;
    const password = `pw-${username}-secret`;
    const { status } = await this.request('POST', '/api/auth/signup', { email, username, password });
    return { username, email, password, status };
  }

  /** Signs up, confirms the address in the database (the mail is not what this is about), signs in. */
  async member(label: string): Promise<Member> {
    const { username, email, password, status } = await this.signUp(label);
    expectStatus('sign-up', status, 201);
    const users = new UsersRepository(this.db);
    const id = await users.findActiveIdByEmail(email);
    if (!id) {
      throw new Error(`The sign-up of ${email} made no user`);
    }
    await users.confirmEmail(id);
    const session = await this.request<Session>('POST', '/api/auth/token', { email, password });
    expectStatus('sign-in', session.status, 200);
    return { id, username, email, accessToken: session.body!.accessToken };
  }

  /**
   * Follows or unfollows `target`: no job, but the api tells both members' tabs at once through
   * Redis, the path a Redis outage must not turn into a crash.
   */
  async follow(member: Member, target: Member, following: boolean): Promise<number> {
    const method = following ? 'PUT' : 'DELETE';
    const { status } = await this.request(
      method,
      `/api/follows/${target.username}`,
      undefined,
      member.accessToken,
    );
    return status;
  }

  /** A plan of the member's own, to edit under load. */
  async createPlan(member: Member): Promise<{ id: string; version: number }> {
    const created = await this.request<PlanDocument>(
      'POST',
      '/api/plans',
      { opId: randomUUID(), clientId: PLAN_CLIENT, title: 'Plan under faults', date: null, timeZone: 'UTC' },
      member.accessToken,
    );
    expectStatus('plan creation', created.status, 201);
    return { id: created.body!.id, version: created.body!.version };
  }

  /**
   * Renames the plan: no job either, but the api broadcasts the change to the plan's room on every
   * replica through the Socket.IO Redis adapter. Answers the version it made, when it was accepted.
   */
  async renamePlan(
    member: Member,
    plan: { id: string; version: number },
    title: string,
  ): Promise<{ status: number; version: number | null }> {
    const answer = await this.request<PlanOpAccepted>(
      'POST',
      `/api/plans/${plan.id}/ops`,
      {
        opId: randomUUID(),
        clientId: PLAN_CLIENT,
        baseVersion: plan.version,
        op: { type: 'plan.update', field: 'title', value: title },
      },
      member.accessToken,
    );
    return { status: answer.status, version: answer.body?.version ?? null };
  }

  /** Uploads `image` as the member's avatar and saves it: 202 means a rendition set is owed. */
  async saveAvatar(member: Member, image: Buffer): Promise<{ upload: OwedUpload | null; status: number }> {
    const uploaded = await this.upload(member, 'avatar', image);
    if ('status' in uploaded) {
      return { upload: null, status: uploaded.status };
    }
    const saved = await this.request('PUT', '/api/profiles/me/avatar', uploaded, member.accessToken);
    return { upload: { ...uploaded, userId: member.id, kind: 'avatar' }, status: saved.status };
  }

  /**
   * Publishes a date with `image` as its photo: 201 means a rendition set and the post's index and
   * score jobs are owed.
   */
  async publishDate(
    member: Member,
    image: Buffer,
  ): Promise<{ upload: OwedUpload | null; postId: string | null; status: number }> {
    const uploaded = await this.upload(member, 'date', image);
    if ('status' in uploaded) {
      return { upload: null, postId: null, status: uploaded.status };
    }
    const published = await this.request<DateDetail>(
      'POST',
      '/api/dates',
      {
        title: 'A date under faults',
        description: 'Published while the operations tests break things.',
        media: [{ uploadId: uploaded.uploadId, position: 0 }],
        requestId: randomUUID(),
      },
      member.accessToken,
    );
    return {
      upload: { ...uploaded, userId: member.id, kind: 'date' },
      postId: published.body?.id ?? null,
      status: published.status,
    };
  }

  /** Asks for an upload ticket and sends the bytes as the browser does: straight to the bucket. */
  private async upload(
    member: Member,
    kind: MediaKind,
    image: Buffer,
  ): Promise<{ uploadId: string } | { status: number }> {
    const ticket = await this.request<UploadTicket>(
      'POST',
      '/api/media/uploads',
      { kind, fileName: 'photo.png', contentType: 'image/png', size: image.length },
      member.accessToken,
    );
    if (ticket.status !== 201) {
      return { status: ticket.status };
    }
    const { uploadId, uploadUrl, headers } = ticket.body!;
    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(image) });
    if (!put.ok) {
      throw new Error(`The presigned PUT answered ${put.status}: ${await put.text()}`);
    }
    return { uploadId };
  }
}

function expectStatus(what: string, status: number, expected: number): void {
  if (status !== expected) {
    throw new Error(`${what} answered ${status}, expected ${expected}`);
  }
}

/**
 * A PNG of `edge`×`edge` pixels of coarse noise: small to upload (PNG packs the repeated pixels)
 * but every pixel must be decoded, so processing takes long enough to be caught in the act.
 */
export async function noisyPng(edge: number): Promise<Buffer> {
  const tile = Math.ceil(edge / 20);
  const noise = await sharp({
    create: {
      width: tile,
      height: tile,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(edge, edge, { kernel: 'nearest' }).png({ compressionLevel: 9 }).toBuffer();
}
