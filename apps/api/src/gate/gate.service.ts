import { Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, InvalidAccessCodeError, type AppConfig } from '@datebook/server';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The access-code gate of spec section 1: codes come from the ACCESS_CODES setting. */
@Injectable()
export class GateService {
  private readonly codeDigests: Buffer[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.codeDigests = config.gate.accessCodes.map(digest);
  }

  /** Compares digests in constant time so response timing does not reveal a code's prefix. */
  check(code: string): { granted: true } {
    const candidate = digest(code);
    const matches = this.codeDigests.some((known) => timingSafeEqual(known, candidate));
    if (!matches) {
      throw new InvalidAccessCodeError();
    }
    return { granted: true };
  }
}
