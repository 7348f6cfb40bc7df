import type { JobSources, Member, OwedUpload } from './job-sources';

/** One request of the load, what it was answered, and what it owes when that was a 2xx. */
export interface LoadAnswer {
  kind: 'sign-up' | 'avatar' | 'date' | 'follow' | 'plan';
  status: number;
  at: number;
  /** The address owed a confirmation mail (sign-up). */
  email?: string;
  /** The upload owed a rendition set (avatar, date). */
  upload?: OwedUpload;
  /** The post owed its index and score jobs (date). */
  postId?: string;
}

export interface JobLoad {
  /** Stops sending and resolves, once every request in flight is answered, with every answer. */
  stop(): Promise<LoadAnswer[]>;
}

/**
 * Steady job-making traffic: `lanes` loops of sign-ups where every fifth request is an avatar save
 * or, the next time, a date with a photo. Each avatar or date comes from a member not used yet, so
 * each one acknowledged owes exactly one rendition set; when the members run out, sign-ups take over.
 * Two more turns in five (un)follow `followed` and rename `plan`: no jobs, but changes the api
 * tells open tabs at once through Redis.
 */
export function startJobLoad(
  sources: JobSources,
  members: Member[],
  image: Buffer,
  options: {
    lanes: number;
    label: string;
    followed: Member;
    plan: { owner: Member; id: string; version: number };
  },
): JobLoad {
  const answers: LoadAnswer[] = [];
  const unused = [...members];
  const following = new Set<Member>();
  const plan = { ...options.plan };
  let running = true;
  let sent = 0;
  const send = async (turn: number): Promise<LoadAnswer> => {
    const member = turn % 5 === 0 ? unused.shift() : undefined;
    if (member && turn % 10 === 0) {
      const { upload, status } = await sources.saveAvatar(member, image);
      return { kind: 'avatar', status, at: Date.now(), upload: upload ?? undefined };
    }
    if (member) {
      const { upload, postId, status } = await sources.publishDate(member, image);
      return {
        kind: 'date',
        status,
        at: Date.now(),
        upload: upload ?? undefined,
        postId: postId ?? undefined,
      };
    }
    if (turn % 5 === 2) {
      const follower = members[turn % members.length]!;
      const follow = !following.has(follower);
      const status = await sources.follow(follower, options.followed, follow);
      if (status >= 200 && status < 300) {
        if (follow) {
          following.add(follower);
        } else {
          following.delete(follower);
        }
      }
      return { kind: 'follow', status, at: Date.now() };
    }
    if (turn % 5 === 4) {
      const { status, version } = await sources.renamePlan(plan.owner, plan, `Renamed at turn ${turn}`);
      plan.version = Math.max(plan.version, version ?? 0);
      return { kind: 'plan', status, at: Date.now() };
    }
    const { email, status } = await sources.signUp(`${options.label}${turn}`);
    return { kind: 'sign-up', status, at: Date.now(), email };
  };
  const lane = async () => {
    while (running) {
      sent += 1;
      answers.push(await send(sent));
    }
  };
  const lanes = Promise.all(Array.from({ length: options.lanes }, lane));
  return {
    async stop() {
      running = false;
      await lanes;
      return answers;
    },
  };
}

export const acknowledged = (answer: LoadAnswer): boolean => answer.status >= 200 && answer.status < 300;
