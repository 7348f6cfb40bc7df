import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { messages } from '@datebook/contracts';
import {
  APP_CONFIG,
  AttemptBackoff,
  hashToken,
  RateLimitedError,
  RateLimiter,
  REDIS,
  type AppConfig,
  type BackoffPolicy,
  type RateLimitRule,
} from '@datebook/server';

/**
 * What is guessed per account. Per-address limits alone let a spread-out attacker (forty addresses,
 * one account) guess on; these follow the account wherever the guesses come from.
 */
export type GuessedSecret = 'sign-in' | 'current-password' | 'mfa-code';

/**
 * Ten wrong passwords in fifteen minutes, then waits of 30 s, 1 min, 2 min… up to 15 min: an owner
 * who mistypes never waits, an attacker gets a few hundred guesses a day at most.
 */
const PASSWORD_BACKOFF: BackoffPolicy = {
  waitFromFailure: 10,
  windowSeconds: 900,
  baseDelaySeconds: 30,
  maxDelaySeconds: 900,
};
/** Six digits fall faster than a password: five wrong codes, then the same waits. */
const CODE_BACKOFF: BackoffPolicy = { ...PASSWORD_BACKOFF, waitFromFailure: 5 };
const POLICIES: Record<GuessedSecret, BackoffPolicy> = {
  'sign-in': PASSWORD_BACKOFF,
  'current-password': PASSWORD_BACKOFF,
  'mfa-code': CODE_BACKOFF,
};

/** Recovery mails one address may be sent; asking for more is refused, whatever the address. */
export const RECOVERY_MAILS_PER_ADDRESS: RateLimitRule = { limit: 3, windowSeconds: 3600 };
/** Recovery mails one account is sent, whichever of its addresses was asked; more are dropped. */
export const RECOVERY_MAILS_PER_ACCOUNT: RateLimitRule = { limit: 5, windowSeconds: 86_400 };

/** Per-account limits on guessing secrets and on recovery mails. */
@Injectable()
export class AccountThrottle {
  private readonly backoff: AttemptBackoff;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {
    this.backoff = new AttemptBackoff(redis, config.redis.queuePrefix);
  }

  /**
   * Refuses while the account waits, before the secret is even checked: during a wait a right guess
   * answers exactly as a wrong one, so waits cannot be used to test guesses.
   */
  async ensureMayTry(secret: GuessedSecret, account: string): Promise<void> {
    const wait = await this.backoff.waitSeconds(secret, subjectOf(account));
    if (wait > 0) {
      throw new RateLimitedError(wait, messages.auth.tooManyAttempts);
    }
  }

  async failed(secret: GuessedSecret, account: string): Promise<void> {
    await this.backoff.recordFailure(secret, subjectOf(account), POLICIES[secret]);
  }

  async succeeded(secret: GuessedSecret, account: string): Promise<void> {
    await this.backoff.clear(secret, subjectOf(account));
  }

  /** Refuses a recovery request beyond the address's share, known address or not. */
  async ensureRecoveryMailAllowed(email: string): Promise<void> {
    const verdict = await this.limiter.hit('recover-address', subjectOf(email), RECOVERY_MAILS_PER_ADDRESS);
    if (!verdict.allowed) {
      throw new RateLimitedError(verdict.retryAfterSeconds);
    }
  }

  /**
   * Whether the account may be sent one more recovery mail. Past its share the request is answered
   * as usual but nothing is mailed: a refusal here would tell that the address has an account.
   */
  async takeRecoveryMail(userId: string): Promise<boolean> {
    return (await this.limiter.hit('recover-account', userId, RECOVERY_MAILS_PER_ACCOUNT)).allowed;
  }
}

/** Accounts are named by their address at sign-in; keys carry a hash of it, never the address. */
function subjectOf(account: string): string {
  return hashToken(account);
}
