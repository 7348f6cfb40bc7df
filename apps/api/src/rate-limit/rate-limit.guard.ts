import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { RateLimitedError, RateLimiter } from '@datebook/server';
import { RATE_LIMIT_METADATA, type RateLimitPolicy } from './rate-limit.decorator';

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_METADATA, context.getHandler());
    if (!policy) {
      return true;
    }
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const verdict = await this.limiter.hit(policy.bucket, request.ip, policy);
    if (!verdict.allowed) {
      throw new RateLimitedError(verdict.retryAfterSeconds);
    }
    return true;
  }
}
