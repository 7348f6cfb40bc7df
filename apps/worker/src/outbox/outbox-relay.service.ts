import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { OUTBOX_NOTIFY_CHANNEL, outboxEvents, outboxJobId, type OutboxEventType } from '@datebook/contracts';
import { OutboxRepository, type OutboxRow } from '@datebook/db';
import { APP_CONFIG, JobQueues, LOGGER, Metrics, type AppConfig, type JobEntry } from '@datebook/server';

const BATCH_SIZE = 100;
/**
 * The relay's pauses while the job queue (Redis) does not answer: doubling from the first to the
 * last, and over the moment Redis is ready again. Low, because the events wait for nothing but Redis.
 */
const QUEUE_RETRY_MS = { first: 250, most: 5_000 };

/** Redis did not take the batch and does not answer: nothing of the batch is the rows' fault. */
class QueueUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The job queue is unavailable', { cause });
  }
}

/**
 * Turns committed outbox rows into BullMQ jobs. Rows are claimed with SKIP LOCKED so several
 * workers share the work; the job id comes from the outbox id, so a relay that enqueued but died
 * before marking the row enqueues nothing new the second time. Woken by NOTIFY, with a slow poll
 * as the safety net for a lost notification or a dropped listener. While Redis is down the rows stay
 * due and untouched: the relay itself pauses (250 ms doubling to 5 s) and runs again the moment the
 * queues' connection is ready. Only a row that Redis refuses while it answers, or that names no known
 * event, waits longer each time (up to an hour), as its own fault.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: Client | undefined;
  private poll: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pending = false;
  private stopped = false;
  /** Set while the relay waits for the job queue to answer again. */
  private retry: NodeJS.Timeout | undefined;
  private queueFailures = 0;
  private stopWatchingQueue: (() => void) | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: JobQueues,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopWatchingQueue = this.queues.onReady(() => this.queueReady());
    await this.listen();
    this.poll = setInterval(() => this.wake(), this.config.jobs.outboxPollIntervalMs);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.retry);
    this.stopWatchingQueue?.();
    await this.running;
    await this.listener?.end().catch(() => undefined);
  }

  /** Runs the relay now, or once more right after the current run when one is under way. */
  wake(): void {
    if (this.stopped || this.retry) {
      return;
    }
    if (this.running) {
      this.pending = true;
      return;
    }
    this.running = this.drain()
      .then(
        () => {
          this.queueFailures = 0;
        },
        (error: unknown) => {
          if (error instanceof QueueUnavailableError) {
            this.pauseForQueue(error.cause);
          } else {
            this.logger.error({ err: error }, 'outbox relay run failed');
          }
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.pending) {
          this.pending = false;
          this.wake();
        }
      });
  }

  /** Redis did not answer: run again after a pause that doubles, up to QUEUE_RETRY_MS.most. */
  private pauseForQueue(cause: unknown): void {
    const delayMs = Math.min(QUEUE_RETRY_MS.most, QUEUE_RETRY_MS.first * 2 ** this.queueFailures);
    this.queueFailures += 1;
    this.metrics.outboxQueueUnavailable.inc();
    this.logger.warn({ err: cause, delayMs }, 'job queue unavailable; the outbox relay tries again');
    this.pending = false;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.wake();
    }, delayMs);
  }

  /** The queues' connection is ready again: a paused relay runs now, from the first pause again. */
  private queueReady(): void {
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = undefined;
      this.queueFailures = 0;
      this.wake();
    }
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.dispatchBatch()) === BATCH_SIZE) {
      // A full batch means more rows may be waiting.
    }
  }

  /** Claims up to one batch, enqueues its jobs, and marks it dispatched, all in one transaction. */
  async dispatchBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const outbox = this.outbox.in(tx);
      const rows = await outbox.claimDue(BATCH_SIZE);
      const entries: JobEntry[] = [];
      const dispatched: OutboxRow[] = [];
      for (const row of rows) {
        try {
          entries.push(...this.jobsFor(row));
          dispatched.push(row);
        } catch (error) {
          await this.recordFailure(outbox, row, error);
        }
      }
      if (dispatched.length === 0) {
        return rows.length;
      }
      try {
        // One round trip per queue for the whole batch, while the rows stay locked.
        await this.queues.enqueueMany(entries);
      } catch (error) {
        if (!(await this.queues.answers())) {
          // Rolls the claim back: the rows stay due, their attempts and delays untouched.
          throw new QueueUnavailableError(error);
        }
        for (const row of dispatched) {
          await this.recordFailure(outbox, row, error);
        }
        return rows.length;
      }
      await outbox.markDispatched(dispatched.map((row) => row.id));
      this.metrics.outboxDispatched.inc(dispatched.length);
      return rows.length;
    });
  }

  /** The jobs an event fans out to, each with an id derived from the outbox id. */
  private jobsFor(row: OutboxRow): JobEntry[] {
    if (!(row.event_type in outboxEvents)) {
      throw new Error(`Unknown outbox event type "${row.event_type}"`);
    }
    const event = outboxEvents[row.event_type as OutboxEventType];
    const payload: unknown = event.payload.parse(row.payload);
    const correlationId = row.correlation_id ?? undefined;
    return event.jobs.map((job) => ({
      name: job,
      payload,
      options: { jobId: outboxJobId(row.id, job), correlationId },
    }));
  }

  /** A row that cannot be dispatched waits longer each time, and keeps its last error for operators. */
  private async recordFailure(outbox: OutboxRepository, row: OutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delaySeconds = Math.min(3600, 2 ** Math.min(row.attempts, 12));
    this.logger.error({ err: error, outboxId: row.id, eventType: row.event_type }, 'outbox dispatch failed');
    await outbox.postpone(row.id, message, delaySeconds);
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.config.db.url,
      application_name: 'datebook-outbox-listener',
    });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.logger.warn(
        { err: error },
        'outbox listener lost its connection; the poll covers until it is back',
      );
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
    this.listener = client;
  }

  private scheduleReconnect(): void {
    const old = this.listener;
    this.listener = undefined;
    void old?.end().catch(() => undefined);
    if (this.stopped) {
      return;
    }
    setTimeout(() => {
      this.listen().then(
        () => this.wake(),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'outbox listener reconnect failed; retrying');
          this.scheduleReconnect();
        },
      );
    }, 1_000).unref();
  }
}
