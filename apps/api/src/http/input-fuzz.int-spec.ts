import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  authEndpoints,
  type ActivityDetail,
  type CategoryList,
  type Comment,
  type DateDetail,
  type Endpoint,
  type EnrolledFactor,
  type MediaKind,
  type UploadTicket,
} from '@datebook/contracts';
import { loadConfig } from '@datebook/server';
import { AppModule } from '../app.module';
import { collectEndpoints } from '../docs/endpoint-registry';
import { walkModules } from '../docs/module-walk';
import {
  endpointRequestArbitrary,
  injectOptionsOf,
  knownSlotsOf,
  type FuzzInjectOptions,
} from '../testing/fuzz/endpoint-request';
import { fieldSweep } from '../testing/fuzz/field-sweep';
import { KNOWN_SLOTS, type KnownValues } from '../testing/fuzz/fuzz-values';
import { useTestApi } from '../testing/use-test-api';
import { asSession, newUser, sessionFor, signedIn, type TestUser } from '../testing/test-users';

/*
 * Property: no input, however malformed, gets a 5xx. Every endpoint bound to a handler receives a
 * sweep of its fields (as a member) and generated requests (conforming, mutated and poisoned paths,
 * queries and bodies) as a visitor and as a signed-in member. FUZZ_SEED replays a run; FUZZ_RUNS
 * sends more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_124);
const RUNS_PER_ACTOR = Number(process.env.FUZZ_RUNS ?? 80);

const endpoints = collectEndpoints(walkModules(AppModule.forRoot(loadConfig({}))).controllers);

/** What a visitor's request names as an upload: a well-formed id of none. */
const NO_SUCH_UPLOAD = '00000000-0000-4000-8000-000000000000';

type Requester = ReturnType<typeof asSession>;
type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

interface Posts {
  activityId: string;
  dateId: string;
  commentId: string;
}

interface Member extends Posts {
  user: TestUser;
  accessToken: string;
  request: Requester;
  factorId: string;
  /** Unused uploads of the member by kind; a request names one by its slot. */
  uploads: Partial<Record<MediaKind, string[]>>;
}

/** The kind of upload a post or avatar endpoint takes. */
const uploadKindOf = (endpoint: Endpoint): MediaKind =>
  endpoint.path.startsWith('/activities')
    ? 'activity'
    : endpoint.path.startsWith('/dates')
      ? 'date'
      : 'avatar';

describe('input fuzz: no 5xx from any input', () => {
  const api = useTestApi();
  let photo: Buffer;
  let categoryId: number;
  let author: Posts;
  let others: TestUser[];
  let member: Member;
  /** Set when the member deleted their account: a stand-in finishes that endpoint's runs. */
  let memberGone = false;
  let addressCount = 0;
  const counts: Record<StatusClass, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };

  /** Every request comes from its own address, so the per-address rate limits never answer first. */
  function nextAddress(): string {
    addressCount += 1;
    return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
  }

  async function send(as: Requester, options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await as({ remoteAddress: nextAddress(), ...options });
    expect(response.statusCode).toBeLessThan(300);
    return response;
  }

  async function upload(as: Requester, kind: MediaKind): Promise<string> {
    const response = await send(as, {
      method: 'POST',
      url: '/api/media/uploads',
      payload: { kind, fileName: 'photo.jpg', contentType: 'image/jpeg', size: photo.length },
    });
    const ticket = response.json<UploadTicket>();
    const put = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: ticket.headers,
      body: new Uint8Array(photo),
    });
    expect(put.status).toBe(200);
    return ticket.uploadId;
  }

  /** An activity and a date by `as`, and a comment of theirs on `commentOn` (their own activity by default). */
  async function publish(as: Requester, commentOn?: string): Promise<Posts> {
    const activity = await send(as, {
      method: 'POST',
      url: '/api/activities',
      payload: {
        title: 'Picnic',
        description: 'Bring a blanket.',
        categoryId,
        budget: '$',
        timeRequired: 'Under 4 hours',
        media: [{ uploadId: await upload(as, 'activity'), position: 0 }],
      },
    });
    const date = await send(as, {
      method: 'POST',
      url: '/api/dates',
      payload: {
        title: 'Hike',
        description: 'It rained.',
        dateOf: '2025-03-05',
        media: [{ uploadId: await upload(as, 'date'), position: 0 }],
      },
    });
    const activityId = activity.json<ActivityDetail>().id;
    const comment = await send(as, {
      method: 'POST',
      url: `/api/activities/${commentOn ?? activityId}/comments`,
      payload: { body: 'Lovely.' },
    });
    return { activityId, dateId: date.json<DateDetail>().id, commentId: comment.json<Comment>().id };
  }

  /** A member with posts, a comment and an unverified factor, for the paths to name. */
  async function newMember(): Promise<Member> {
    const { user, session, request } = await signedIn(api);
    const factor = await send(request, { method: 'POST', url: '/api/auth/factors', payload: {} });
    return {
      user,
      accessToken: session.accessToken,
      request,
      factorId: factor.json<EnrolledFactor>().id,
      uploads: {},
      ...(await publish(request, author.activityId)),
    };
  }

  /** Signing out ends the member's sessions, deleting the account ends the member: the next request needs new ones. */
  async function carryOnAfter(endpoint: Endpoint): Promise<void> {
    if (endpoint === authEndpoints.signOut) {
      const session = await sessionFor(api, member.user);
      member = { ...member, accessToken: session.accessToken, request: asSession(api, session) };
    } else if (endpoint === authEndpoints.deleteUser) {
      const { user, session, request } = await signedIn(api);
      member = { ...member, user, accessToken: session.accessToken, request, uploads: {} };
      memberGone = true;
    }
  }

  /** Ids in a path name the path's resource: an activity under /activities, a factor under /auth/factors. */
  function pathIdsFor(endpoint: Endpoint): string[] {
    const byResource: Record<string, string[]> = {
      activities: [member.activityId, author.activityId],
      dates: [member.dateId, author.dateId],
      comments: [member.commentId, author.commentId],
    };
    return byResource[endpoint.path.split('/')[1] ?? ''] ?? [member.factorId];
  }

  /**
   * The rows a request may name. A member's request that names uploads gets unused ones of the
   * endpoint's kind, so a publish is refused (or accepted) for its other fields, not for a used upload.
   */
  async function knownFor(endpoint: Endpoint, slots: Set<number>, asMember: boolean): Promise<KnownValues> {
    const kind = uploadKindOf(endpoint);
    const pool = (member.uploads[kind] ??= []);
    while (asMember && slots.size > 0 && pool.length < KNOWN_SLOTS) {
      pool.push(await upload(member.request, kind));
    }
    return {
      username: [member.user.username, ...others.map((other) => other.username)],
      pathId: pathIdsFor(endpoint),
      postId: [member.activityId, author.activityId],
      uploadId: Array.from(
        { length: KNOWN_SLOTS },
        (_, slot) => (asMember ? pool[slot] : undefined) ?? NO_SUCH_UPLOAD,
      ),
    };
  }

  /** A request that succeeded may have used the uploads it named. */
  function forgetUsedUploads(endpoint: Endpoint, slots: Set<number>): void {
    const kind = uploadKindOf(endpoint);
    member.uploads[kind] = (member.uploads[kind] ?? []).filter((_, slot) => !slots.has(slot));
  }

  beforeAll(async () => {
    photo = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const categories = await api.request({ method: 'GET', url: '/api/categories?appliesTo=activity' });
    categoryId = categories.json<CategoryList>().items[0]!.id;
    const writer = await signedIn(api);
    author = await publish(writer.request);
    others = [
      writer.user,
      await newUser(api, { isPrivate: true }),
      await newUser(api, { accessType: 'admin' }),
    ];
    member = await newMember();
  });

  afterAll(() => {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const classes = Object.entries(counts)
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ');
    console.info(
      `input fuzz: seed ${SEED}, ${RUNS_PER_ACTOR} runs per endpoint and actor, ${endpoints.length} endpoints: ` +
        `${total} requests (${classes})`,
    );
  });

  /** Long runs of one character (an over-long field) shortened to `x…(5000)`, so the rest of the request shows. */
  const shortened = (text: string, max: number): string =>
    text.replace(/(.)\1{19,}/gu, (run, character: string) => `${character}…(${run.length})`).slice(0, max);

  const failureOf = (actor: string, options: FuzzInjectOptions, response: LightMyRequestResponse): string => {
    const payload = options.payload === undefined ? '' : ` ${shortened(options.payload, 600)}`;
    return `${actor} ${options.method} ${shortened(options.url, 300)}${payload} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  };

  it.each(
    endpoints.map((endpoint, index) => [`${endpoint.method} ${endpoint.path}`, endpoint, index] as const),
  )('%s', async (_name, endpoint, index) => {
    const swept = fieldSweep(endpoint, SEED + index).map((request) => ({ request, actor: 'member' }));
    const generated = fc
      .sample(endpointRequestArbitrary(endpoint), { seed: SEED + index, numRuns: RUNS_PER_ACTOR * 2 })
      .map((request, run) => ({ request, actor: run % 2 === 0 ? 'visitor' : 'member' }));
    const failures: string[] = [];
    if (memberGone) {
      member = await newMember();
      memberGone = false;
    }
    for (const { request, actor } of [...swept, ...generated]) {
      const slots = knownSlotsOf(request, 'uploadId');
      const known = await knownFor(endpoint, slots, actor === 'member');
      const options = injectOptionsOf(endpoint, request, known, {
        accessToken: actor === 'member' ? member.accessToken : undefined,
        remoteAddress: nextAddress(),
      });
      const response = await api.request(options);
      counts[`${Math.floor(response.statusCode / 100)}xx` as StatusClass] += 1;
      if (response.statusCode >= 500) {
        failures.push(failureOf(actor, options, response));
      }
      if (actor === 'member' && response.statusCode < 300) {
        forgetUsedUploads(endpoint, slots);
        await carryOnAfter(endpoint);
      }
    }
    expect(failures).toEqual([]);
  });

  it('reached the handlers, not only the validation', () => {
    expect(counts['2xx']).toBeGreaterThan(0);
    expect(counts['4xx']).toBeGreaterThan(0);
  });
});
