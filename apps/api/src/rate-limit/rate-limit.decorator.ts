import { SetMetadata } from '@nestjs/common';
import type { RateLimitRule } from '@datebook/server';

export const RATE_LIMIT_METADATA = 'datebook:rate-limit';

export interface RateLimitPolicy extends RateLimitRule {
  /** Requests of handlers sharing a bucket count together. */
  bucket: string;
}

/** Limits calls per client address, counted in Redis so every api replica shares the count. */
export const RateLimit = (policy: RateLimitPolicy): MethodDecorator =>
  SetMetadata(RATE_LIMIT_METADATA, policy);
