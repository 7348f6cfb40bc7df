import { Injectable } from '@nestjs/common';

/**
 * Whether this api is shutting down. From the first shutdown signal on, readiness fails so load
 * balancers stop sending it new work, while every other route keeps serving what still arrives.
 */
@Injectable()
export class DrainState {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  start(): void {
    this.drainingSince ??= new Date();
  }

  /** A readiness probe: fails while draining. */
  readonly probe = (): Promise<void> =>
    this.drainingSince
      ? Promise.reject(new Error(`shutting down since ${this.drainingSince.toISOString()}`))
      : Promise.resolve();
}
