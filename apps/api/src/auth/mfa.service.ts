import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { toString as qrCodeSvg } from 'qrcode';
import { DataSource } from 'typeorm';
import { messages, type Challenge, type EnrolledFactor } from '@datebook/contracts';
import { MfaFactorsRepository, UsersRepository, type MfaFactorRow } from '@datebook/db';
import {
  APP_CONFIG,
  ForbiddenError,
  generateTotpSecret,
  NotFoundError,
  open,
  REDIS,
  seal,
  totpUri,
  ValidationError,
  verifyTotp,
  type AppConfig,
} from '@datebook/server';
import type { Viewer } from './viewer';
import { AccountThrottle } from './account-throttle';
import { SessionService, type IssuedSession } from './session.service';

const CHALLENGE_TTL_SECONDS = 300;

/** TOTP factors: enroll (secret + QR code), challenge, verify (session raised to aal2), remove. */
@Injectable()
export class MfaService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly factors: MfaFactorsRepository,
    private readonly sessions: SessionService,
    private readonly throttle: AccountThrottle,
  ) {}

  async enroll(viewer: Viewer, input: { friendlyName?: string; issuer?: string }): Promise<EnrolledFactor> {
    // A password alone must not add a second way past the factor the account already has.
    await this.ensureAal2IfProtected(viewer);
    const secret = generateTotpSecret();
    const email = await this.users.findEmail(viewer.sub);
    const uri = totpUri(secret, email ?? viewer.sub, input.issuer ?? this.config.app.name);
    const id = await this.dataSource.transaction((tx) =>
      this.factors
        .in(tx)
        .enroll(viewer.sub, input.friendlyName ?? null, seal(this.config.auth.mfaEncryptionKey, secret)),
    );
    const svg = await qrCodeSvg(uri, { type: 'svg', margin: 1 });
    return {
      id,
      type: 'totp',
      totp: { qrCode: `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`, secret, uri },
    };
  }

  async challenge(viewer: Viewer, factorId: string): Promise<Challenge> {
    await this.factor(viewer, factorId);
    const id = randomUUID();
    await this.redis.set(this.challengeKey(id), `${viewer.sub}:${factorId}`, 'EX', CHALLENGE_TTL_SECONDS);
    await this.factors.markChallenged(viewer.sub, factorId);
    return { id, expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS };
  }

  /** A right code raises the caller to a new aal2 session and ends the aal1 one it came from. */
  async verify(viewer: Viewer, factorId: string, challengeId: string, code: string): Promise<IssuedSession> {
    const factor = await this.factor(viewer, factorId);
    // Below aal2 only a factor the account already trusts proves the second step; a new one would
    // let whoever holds the password (or a recovery link) enrol their own and pass with it.
    if (factor.status !== 'verified') {
      await this.ensureAal2IfProtected(viewer);
    }
    await this.throttle.ensureMayTry('mfa-code', viewer.sub);
    const challenge = await this.redis.getdel(this.challengeKey(challengeId));
    if (challenge !== `${viewer.sub}:${factorId}`) {
      throw new ValidationError([{ path: 'challengeId', message: messages.auth.mfaChallengeExpired }]);
    }
    const secret = open(this.config.auth.mfaEncryptionKey, factor.secret);
    // A code works once: a second use within its window (a replay) is refused.
    const fresh = await this.redis.set(this.usedCodeKey(factorId, code), '1', 'EX', 120, 'NX');
    if (!verifyTotp(secret, code) || fresh !== 'OK') {
      await this.throttle.failed('mfa-code', viewer.sub);
      throw new ValidationError([{ path: 'code', message: messages.auth.mfaCodeInvalid }]);
    }
    await this.throttle.succeeded('mfa-code', viewer.sub);
    return this.dataSource.transaction(async (tx) => {
      await this.factors.in(tx).markVerified(viewer.sub, factorId);
      await this.sessions.endSession(tx, viewer.sid);
      // A recovery session keeps its right to set a new password once it has passed its factor.
      return this.sessions.issue(tx, viewer.sub, 'aal2', { recovery: viewer.recovery });
    });
  }

  async remove(viewer: Viewer, factorId: string): Promise<void> {
    const factor = await this.factor(viewer, factorId);
    if (factor.status === 'verified' && viewer.aal !== 'aal2') {
      throw new ForbiddenError(messages.auth.aal2Required);
    }
    await this.factors.remove(viewer.sub, factorId);
  }

  /**
   * Asked of the database, not the token's `naal`: a factor verified in another session after this
   * token was issued protects the account already.
   */
  private async ensureAal2IfProtected(viewer: Viewer): Promise<void> {
    if (viewer.aal !== 'aal2' && (await this.factors.hasVerified(viewer.sub))) {
      throw new ForbiddenError(messages.auth.aal2Required);
    }
  }

  private async factor(viewer: Viewer, factorId: string): Promise<MfaFactorRow> {
    const factor = await this.factors.findOwn(viewer.sub, factorId);
    if (!factor) {
      throw new NotFoundError();
    }
    return factor;
  }

  private challengeKey(id: string): string {
    return `${this.config.redis.queuePrefix}:mfa-challenge:${id}`;
  }

  private usedCodeKey(factorId: string, code: string): string {
    return `${this.config.redis.queuePrefix}:mfa-used:${factorId}:${code}`;
  }
}
