import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OneTimeTokensRepository, OutboxRepository, type OneTimeTokenPurpose } from '@datebook/db';
import { hashToken, randomToken } from '@datebook/server';

/**
 * Records one-time tokens and asks the worker to mail their links. The raw token is made by the mail
 * job at send time and only its hash is stored, so neither the database nor the queue ever holds a
 * usable link. A newer link replaces any unused older one of the same purpose, unless the caller
 * keeps them (`keepEarlier`).
 */
@Injectable()
export class EmailLinks {
  constructor(
    private readonly tokens: OneTimeTokensRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** Inside the caller's transaction, so the link exists exactly when the change asking for it does. */
  async request(
    tx: EntityManager,
    input: {
      userId: string;
      purpose: OneTimeTokenPurpose;
      ttlMinutes: number;
      newEmail?: string;
      correlationId?: string;
      keepEarlier?: boolean;
    },
  ): Promise<string> {
    const token = {
      userId: input.userId,
      purpose: input.purpose,
      // A placeholder nobody knows the preimage of, until the mail job sets the real hash.
      tokenHash: hashToken(randomToken()),
      newEmail: input.newEmail ?? null,
      ttlMinutes: input.ttlMinutes,
    };
    const tokens = this.tokens.in(tx);
    const tokenId = input.keepEarlier ? await tokens.insert(token) : await tokens.replace(token);
    await this.outbox.in(tx).add('auth.link-requested', { tokenId }, input.correlationId);
    return tokenId;
  }
}
