/**
 * Runs `task` while no other tab of this origin runs a task under the same `name`, and returns its
 * result. The Web Locks API does this exactly; where it is missing, a lease in localStorage does it
 * well enough (see acquireLease).
 */
export function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request(name, task);
  }
  let storage: Storage;
  try {
    storage = localStorage;
  } catch {
    // Storage switched off: nothing is shared between tabs, so there is nothing to coordinate.
    return task();
  }
  return withStorageLease(name, task, { storage });
}

/** A tab's claim on a lock, kept in localStorage so every tab sees it. */
interface Lease {
  owner: string;
  /** Unix time (ms) after which the lease is void: a tab closed mid-task must not block the others. */
  until: number;
}

export interface LeaseOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  /** Longer than any task takes; a lease older than this is treated as abandoned. */
  leaseMs?: number;
  /** How long a written claim must survive before it counts, so two tabs writing at once settle on one. */
  settleMs?: number;
  /** How often a waiting tab looks again. */
  pollMs?: number;
}

export async function withStorageLease<T>(
  name: string,
  task: () => Promise<T>,
  { storage = localStorage, now = Date.now, leaseMs = 15_000, settleMs = 30, pollMs = 50 }: LeaseOptions = {},
): Promise<T> {
  const key = `${name}.lease`;
  const owner = crypto.randomUUID();
  const held = () => readLease(storage, key)?.owner === owner;

  // localStorage has no compare-and-set: write a claim, wait for rival writes to land, and keep the
  // lock only if the claim is still ours. The last writer wins and every other tab backs off.
  for (;;) {
    const lease = readLease(storage, key);
    if (!lease || lease.until <= now()) {
      storage.setItem(key, JSON.stringify({ owner, until: now() + leaseMs } satisfies Lease));
      await sleep(settleMs);
      if (held()) {
        break;
      }
    }
    await sleep(pollMs);
  }
  try {
    return await task();
  } finally {
    if (held()) {
      storage.removeItem(key);
    }
  }
}

function readLease(storage: Pick<Storage, 'getItem'>, key: string): Lease | null {
  try {
    const lease = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Lease> | null;
    return typeof lease?.owner === 'string' && typeof lease.until === 'number'
      ? { owner: lease.owner, until: lease.until }
      : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
