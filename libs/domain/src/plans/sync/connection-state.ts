import type { PlanConnection } from './plan-snapshot';

/**
 * What the sync knows about its way to the server, and what the screens say about it: offline
 * while the device says so; reconnecting while the edit in front or a catch-up failed, or after
 * coming back until a catch-up succeeded (events may have been missed meanwhile); else online.
 */
export class ConnectionState {
  online = true;
  /** The edit in front could not be delivered and waits for its retry. */
  private sendFailed = false;
  /** The server asked this member to slow down: the edit in front waits for its retry. */
  private limited = false;
  private catchUpFailed = false;
  private resyncing = false;

  get connection(): PlanConnection {
    if (!this.online) {
      return 'offline';
    }
    return this.sendFailed || this.catchUpFailed || this.resyncing ? 'reconnecting' : 'online';
  }

  /** A catch-up is owed: after coming back, or after one failed. */
  get behind(): boolean {
    return this.resyncing || this.catchUpFailed;
  }

  /** Reaching the server is not yet a success while the edit in front still fails or is held back. */
  get sendsClear(): boolean {
    return !this.sendFailed && !this.limited;
  }

  cameBack() {
    this.online = true;
    this.resyncing = true;
  }

  notSent() {
    this.sendFailed = true;
  }

  heldBack() {
    this.limited = true;
  }

  answered() {
    this.sendFailed = false;
    this.limited = false;
  }

  notCaughtUp() {
    this.catchUpFailed = true;
  }

  caughtUp() {
    this.resyncing = false;
    this.catchUpFailed = false;
  }

  /** Editing ended: nothing more is owed or retried. */
  reset() {
    this.answered();
    this.caughtUp();
  }
}
