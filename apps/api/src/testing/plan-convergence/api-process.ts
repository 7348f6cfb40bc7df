import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The built api, as production runs it (`npm test` builds it before the integration tier). */
const API_DIST_MAIN = join(__dirname, '..', '..', '..', 'dist', 'main.js');

/** As `scripts/lib/cluster.cjs`: on a shared, loaded machine an api takes 20 s and more to start. */
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LINES_KEPT = 40;

/**
 * One real api process on a fixed port: started from the built dist, killed with SIGKILL (no
 * shutdown hooks, no goodbye to its sockets) and started again on the same port, so its clients
 * find it again by reconnecting to the address they know.
 */
export class ApiProcess {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly environment: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!existsSync(API_DIST_MAIN)) {
      throw new Error(`${API_DIST_MAIN} is missing: build the api first (nx run api:build)`);
    }
    const child = spawn(process.execPath, [API_DIST_MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...this.environment,
        PATH: process.env.PATH ?? '',
        PORT: String(this.port),
      },
    });
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').trimEnd().split('\n'));
      this.output.splice(0, Math.max(0, this.output.length - OUTPUT_LINES_KEPT));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      if (this.child === child) {
        this.child = null;
      }
    });
    this.child = child;
    await this.ready(child);
  }

  /** Dies at once, as a crashed or OOM-killed process does. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  /** The process's last lines, for a failure message. */
  lastOutput(): string {
    return this.output.join('\n');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) {
      return;
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS, false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
    this.child = null;
  }

  private async ready(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`api ${this.name} exited before it was ready:\n${this.lastOutput()}`);
      }
      const ready = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `api ${this.name} was not ready within ${READY_TIMEOUT_MS} ms:\n${this.lastOutput()}`,
        );
      }
      await sleep(100);
    }
  }
}
