import { planMessages, type PlanDocument } from '@datebook/contracts';
import type { ConfirmedPlan } from './confirmed-plan';
import { PlanTransientError, type PlanCatchUpAnswer, type PlanChannel } from './plan-channel';
import type { PlanSyncSession } from './plan-sync-session';

export interface PlanCatchUpHooks {
  /** A snapshot the answer brought: taken when it is not older than what is confirmed. */
  snapshot(document: PlanDocument): void;
  /** Access ended, or the plan is gone. */
  end(phase: 'revoked' | 'gone', message: string): void;
  changed(): void;
  /** Not answered on `channel`: retry later, or at once on a newer way. */
  failed(channel: PlanChannel): void;
  /** Sending may go on. */
  pump(): void;
}

/**
 * Joining and catching up: asks for what happened since the confirmed version (over a socket,
 * `plan.join`, which also enters the room), one request at a time; one asked for meanwhile runs
 * right after. Over a socket, a new way is (re)joined before anything is sent on it.
 */
export class PlanCatchUp {
  private joining = false;
  private joinAgain = false;
  private mustJoin = false;

  constructor(
    private readonly session: PlanSyncSession,
    private readonly confirmed: ConfirmedPlan,
    private readonly hooks: PlanCatchUpHooks,
  ) {}

  /** The room is still to be (re)entered on the current socket: nothing is sent before. */
  get joinPending(): boolean {
    return this.mustJoin;
  }

  /** A gap outlived its grace period: a catch-up heals it, unless one on its way already covers it. */
  healGap() {
    if (!this.joining) {
      void this.run();
    }
  }

  /**
   * The way to the api from now on (null while there is none): over a socket, the room is (re)entered
   * at once, before anything is sent on it.
   */
  useChannel(channel: PlanChannel | null) {
    const { session } = this;
    session.disposed = false;
    session.channel = channel;
    this.mustJoin = channel?.kind === 'socket';
    if (channel) {
      session.retry.cancel();
      void this.ifBehind();
      this.hooks.pump();
    }
  }

  /** The device's network; false when it did not change. Back online, a catch-up is owed and runs at once. */
  setOnline(online: boolean): boolean {
    const { link, phase, retry } = this.session;
    if (online === link.online) {
      return false;
    }
    link.online = online;
    if (online && (phase === 'loading' || phase === 'ready')) {
      link.cameBack();
      retry.cancel();
      void this.run();
      this.hooks.pump();
    }
    return true;
  }

  /** Catches up when one is owed: the room not yet joined, back after a drop, or one failed. */
  ifBehind(): Promise<void> {
    return this.mustJoin || this.session.link.behind ? this.run() : Promise.resolve();
  }

  async run(): Promise<void> {
    const { session, hooks } = this;
    const channel = session.channel;
    const since = this.confirmed.state?.version;
    if (!channel || since === undefined || !session.reachable) {
      return;
    }
    if (this.joining) {
      this.joinAgain = true;
      return;
    }
    this.joining = true;
    let answer: PlanCatchUpAnswer;
    try {
      answer = await channel.catchUp(since);
    } catch (error) {
      this.joining = false;
      if (!(error instanceof PlanTransientError)) {
        throw error;
      }
      session.link.notCaughtUp();
      hooks.failed(channel);
      return;
    }
    this.joining = false;
    if (session.isCurrent(channel)) {
      if (channel.kind === 'socket') {
        this.mustJoin = false;
      }
      session.link.caughtUp();
      if (session.link.sendsClear) {
        session.retry.succeeded();
      }
      this.take(answer);
      this.confirmed.healGapLater();
    }
    if (this.joinAgain) {
      this.joinAgain = false;
      void this.run();
    }
    hooks.pump();
  }

  private take(answer: PlanCatchUpAnswer) {
    const { session, confirmed, hooks } = this;
    if ('denied' in answer) {
      // The api answers a removed collaborator as it answers a stranger (it never says that a plan
      // exists). One who missed `plan.access` while away learns it here: to them, access ended.
      if (confirmed.state && session.role === 'collaborator') {
        hooks.end('revoked', planMessages.accessRevoked);
      } else {
        hooks.end(answer.denied === 'NOT_FOUND' ? 'gone' : 'revoked', answer.message);
      }
      return;
    }
    session.role = answer.role;
    if ('snapshot' in answer) {
      hooks.snapshot(answer.snapshot);
    } else {
      for (const event of [...answer.events].sort((a, b) => a.version - b.version)) {
        confirmed.apply(event);
      }
    }
    hooks.changed();
  }
}
