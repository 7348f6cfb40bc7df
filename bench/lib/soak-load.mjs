// The soak's HTTP traffic through the load balancer: members reading feeds, posts, profiles and
// search, and writing likes, comments and follows, as a weighted mix at a steady rate; and, at a
// slower pace of their own, new posts with a photo (presigned upload straight to S3, then publish),
// which the workers turn into renditions. Every call is counted per kind: latency of each success,
// and each failure (any non-2xx answer or network error) with its first distinct messages.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextAddress } from './generate-stack.mjs';

/** Relative share of each kind of call in the mix. */
export const MIX = {
  'feed following': 14,
  'feed for-you': 14,
  'post detail': 20,
  profile: 8,
  'profile posts': 4,
  'search posts': 8,
  'search users': 4,
  'like/unlike': 12,
  comment: 6,
  'follow/unfollow': 6,
};

const SEARCH_WORDS = ['night', 'picnic', 'picnik', 'kayaking', 'foodie', 'sunset walk', 'museum'];
const PERSON_WORDS = ['olivia', 'liam', 'smith', 'kim'];
const COMMENTS = ['Love this!', 'Trying it this weekend.', 'Saved for later.', 'Great idea.'];
/** Distinct failure messages kept per kind. */
const MESSAGES_KEPT = 3;
const REQUEST_TIMEOUT_MS = 30_000;

/** Latencies and failures per kind of call. */
export class KindStats {
  kinds = new Map();

  #of(kind) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], errors: 0, messages: new Map() };
      this.kinds.set(kind, entry);
    }
    return entry;
  }

  ok(kind, ms) {
    this.#of(kind).latencies.push(ms);
  }

  failed(kind, error) {
    const entry = this.#of(kind);
    entry.errors += 1;
    const message = String(error?.message ?? error).slice(0, 200);
    if (entry.messages.has(message) || entry.messages.size < MESSAGES_KEPT) {
      entry.messages.set(message, (entry.messages.get(message) ?? 0) + 1);
    }
  }

  /** Runs `call`, counting its latency or its failure under `kind`; resolves to its result or null. */
  async time(kind, call) {
    const started = performance.now();
    try {
      const result = await call();
      this.ok(kind, performance.now() - started);
      return result;
    } catch (error) {
      this.failed(kind, error);
      return null;
    }
  }
}

/** A call as `member`: JSON in and out, a client address of its own (rate limits are per address). */
async function call(url, member, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${member.accessToken}`,
      'x-forwarded-for': nextAddress(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `${method} ${path.replace(/\/\d+|=[^&]*/g, (part) => part[0] + '…')}: HTTP ${response.status} ${text.slice(0, 120)}`,
    );
  }
  return text ? JSON.parse(text) : null;
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** The mix's calls, each `(member) => Promise`. Likes and follows toggle, so they never run dry. */
function mixCalls(url, seed) {
  const liked = new Set();
  const followed = new Set();
  const post = () =>
    Math.random() < 0.7 ? ['activities', pick(seed.activityIds)] : ['dates', pick(seed.dateIds)];
  return {
    'feed following': (member) => call(url, member, 'GET', '/api/feed/following'),
    'feed for-you': (member) => call(url, member, 'GET', '/api/feed/for-you'),
    'post detail': (member) => call(url, member, 'GET', `/api/${post().join('/')}`),
    profile: (member) => call(url, member, 'GET', `/api/profiles/${pick(seed.profileNames)}`),
    'profile posts': (member) =>
      call(url, member, 'GET', `/api/profiles/${pick(seed.profileNames)}/${pick(['activities', 'dates'])}`),
    'search posts': (member) =>
      call(url, member, 'GET', `/api/search/activities?q=${encodeURIComponent(pick(SEARCH_WORDS))}`),
    'search users': (member) => call(url, member, 'GET', `/api/search/users?q=${pick(PERSON_WORDS)}`),
    'like/unlike': async (member) => {
      const [kind, id] = post();
      const key = `${member.id}/${kind}/${id}`;
      const liking = !liked.has(key);
      // Marked first: a concurrent toggle of the same pair must not send the same verb twice.
      if (liking) {
        liked.add(key);
      } else {
        liked.delete(key);
      }
      await call(url, member, liking ? 'PUT' : 'DELETE', `/api/${kind}/${id}/like`);
    },
    comment: (member) =>
      call(url, member, 'POST', `/api/${post().join('/')}/comments`, { body: pick(COMMENTS) }),
    'follow/unfollow': async (member) => {
      const username = pick(seed.followTargets);
      const key = `${member.id}/${username}`;
      const following = !followed.has(key);
      if (following) {
        followed.add(key);
      } else {
        followed.delete(key);
      }
      await call(url, member, following ? 'PUT' : 'DELETE', `/api/follows/${username}`);
    },
  };
}

function weightedKinds(mix) {
  const entries = Object.entries(mix);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let draw = Math.random() * total;
    for (const [kind, weight] of entries) {
      draw -= weight;
      if (draw < 0) {
        return kind;
      }
    }
    return entries[entries.length - 1][0];
  };
}

/**
 * Calls `operation()` at `rate` per second until `until` (performance.now() time), at most
 * `maxInFlight` at once (open loop: a slow answer does not slow the schedule). A call due while the
 * cap is reached is not made and counted in `skipped`. Resolves when the last call has answered.
 */
export async function paced({ rate, until, maxInFlight, operation }) {
  const start = performance.now();
  const running = new Set();
  let skipped = 0;
  for (let index = 0; ; index += 1) {
    const due = start + (index * 1000) / rate;
    if (due >= until) {
      break;
    }
    const wait = due - performance.now();
    if (wait > 0) {
      await sleep(wait);
    }
    if (running.size >= maxInFlight) {
      skipped += 1;
      continue;
    }
    const promise = operation(index).finally(() => running.delete(promise));
    running.add(promise);
  }
  await Promise.all(running);
  return { skipped };
}

/** The read and write mix at `rate` calls/s until `until`, over every member in turn. */
export function runMix({ url, seed, stats, rate, until, maxInFlight }) {
  const calls = mixCalls(url, seed);
  const nextKind = weightedKinds(MIX);
  return paced({
    rate,
    until,
    maxInFlight,
    operation: (index) => {
      const kind = nextKind();
      return stats.time(kind, () => calls[kind](seed.members[index % seed.members.length]));
    },
  });
}

/**
 * New posts with a photo every `everySeconds` until `until`: upload ticket and presigned PUT
 * (counted as 'media upload'), then publish ('post publish'). `onPublished(uploadId)` is told each
 * publish, for the media job's progress.
 */
export async function runPosts({ url, seed, stats, photo, everySeconds, until, onPublished }) {
  return paced({
    rate: 1 / everySeconds,
    until,
    maxInFlight: 4,
    operation: async (index) => {
      const member = seed.members[index % seed.members.length];
      const uploadId = await stats.time('media upload', async () => {
        const ticket = await call(url, member, 'POST', '/api/media/uploads', {
          kind: 'activity',
          fileName: `soak-${index}.jpg`,
          contentType: 'image/jpeg',
          size: photo.length,
        });
        const put = await fetch(ticket.uploadUrl, {
          method: 'PUT',
          headers: ticket.headers,
          body: new Uint8Array(photo),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (!put.ok) {
          throw new Error(`presigned PUT: HTTP ${put.status}`);
        }
        return ticket.uploadId;
      });
      if (!uploadId) {
        return;
      }
      const published = await stats.time('post publish', () =>
        call(url, member, 'POST', '/api/activities', {
          title: `Soak lantern walk ${index}`,
          description: 'Published by bench/soak.mjs.',
          categoryId: seed.categoryId,
          budget: '$',
          timeRequired: 'Under 4 hours',
          tags: ['soak'],
          media: [{ uploadId, position: 0 }],
          requestId: randomUUID(),
        }),
      );
      if (published) {
        onPublished(uploadId);
      }
    },
  });
}

/** A small real JPEG with some detail, so the media job decodes and resizes as in use. */
export async function soakPhoto() {
  const { default: sharp } = await import('sharp');
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let offset = 0; offset < pixels.length; offset += 1) {
    pixels[offset] = (offset * 7919) % 251;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
