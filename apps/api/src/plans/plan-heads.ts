import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { planRoom } from '@datebook/contracts';
import { PlansRepository } from '@datebook/db';
import { APP_CONFIG, LOGGER, pushEvent, type AppConfig } from '@datebook/server';
import { RealtimeGateway, type RealtimeServer } from '../realtime/realtime.gateway';

const PLAN_ROOM_PREFIX = planRoom('');

/**
 * `plan.head` (design: Protocol): every interval this replica reads, in one query, the versions of
 * the plans whose rooms have sockets here and tells those sockets. An idle member who missed an
 * event (the adapter dropped it, a replica restarted) sees the head ahead of its copy and catches
 * up. Each replica tells only its own sockets (`local`), so no room hears it twice per interval.
 */
@Injectable()
export class PlanHeads implements OnModuleInit, OnModuleDestroy {
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly plans: PlansRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get server(): RealtimeServer {
    return this.gateway.server;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.tell().catch((error: unknown) => this.logger.warn({ err: error }, 'plan heads failed'));
    }, this.config.plans.headIntervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Tells every plan room with a socket on this replica its plan's version. */
  async tell(): Promise<void> {
    const planIds = [...this.server.of('/').adapter.rooms.keys()]
      .filter((room) => room.startsWith(PLAN_ROOM_PREFIX))
      .map((room) => room.slice(PLAN_ROOM_PREFIX.length));
    if (planIds.length === 0) {
      return;
    }
    for (const row of await this.plans.versions(planIds)) {
      pushEvent(this.server.local.to(planRoom(row.id)), 'plan.head', {
        planId: row.id,
        version: Number(row.version),
      });
    }
  }
}
