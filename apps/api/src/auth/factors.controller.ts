import { Body, Controller, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { authEndpoints, type Challenge, type EnrolledFactor, type Session } from '@datebook/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { Authenticated, CurrentViewer } from './auth.decorators';
import type { Viewer } from './viewer';
import { MfaService } from './mfa.service';
import { RefreshCookie } from './refresh-cookie';

/**
 * The factor calls work on an aal1 session: that is how a session reaches aal2. Once the account has
 * a verified factor, only that factor gets an aal1 session there (see MfaService).
 */
@Controller()
export class FactorsController {
  constructor(
    private readonly mfa: MfaService,
    private readonly refreshCookie: RefreshCookie,
  ) {}

  @Authenticated({ allowIncomplete: true })
  @Endpoint(authEndpoints.enrollFactor)
  enroll(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { friendlyName?: string; issuer?: string },
  ): Promise<EnrolledFactor> {
    return this.mfa.enroll(viewer, body);
  }

  @Authenticated({ allowIncomplete: true })
  @RateLimit({ bucket: 'mfa-challenge', limit: 30, windowSeconds: 300 })
  @Endpoint(authEndpoints.challengeFactor)
  challenge(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<Challenge> {
    return this.mfa.challenge(viewer, id);
  }

  @Authenticated({ allowIncomplete: true })
  @RateLimit({ bucket: 'mfa-verify', limit: 10, windowSeconds: 300 })
  @Endpoint(authEndpoints.verifyFactor)
  async verify(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: { challengeId: string; code: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session> {
    return this.refreshCookie.hand(reply, await this.mfa.verify(viewer, id, body.challengeId, body.code));
  }

  @Authenticated({ allowIncomplete: true })
  @Endpoint(authEndpoints.removeFactor)
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<object> {
    await this.mfa.remove(viewer, id);
    return {};
  }
}
