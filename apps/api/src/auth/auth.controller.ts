import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  authEndpoints,
  type AuthUser,
  type Session,
  type SignUp,
  type VerifyResponse,
  type VerifyType,
} from '@datebook/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { AccountService } from './account.service';
import { Authenticated, CurrentViewer, Public } from './auth.decorators';
import type { Viewer } from './viewer';
import { RegistrationService } from './registration.service';
import { SessionService } from './session.service';

@Controller()
export class AuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: SessionService,
    private readonly account: AccountService,
  ) {}

  @Public()
  @RateLimit({ bucket: 'sign-up', limit: 10, windowSeconds: 600 })
  @Endpoint(authEndpoints.signUp)
  signUp(@Body() body: SignUp, @Req() request: FastifyRequest): Promise<{ message: string }> {
    return this.registration.signUp(body, request.id);
  }

  @Public()
  @RateLimit({ bucket: 'verify', limit: 30, windowSeconds: 600 })
  @Endpoint(authEndpoints.verify)
  verify(@Body() body: { tokenHash: string; type: VerifyType }): Promise<VerifyResponse> {
    return this.registration.verify(body.tokenHash, body.type);
  }

  @Public()
  @RateLimit({ bucket: 'sign-in', limit: 10, windowSeconds: 60 })
  @Endpoint(authEndpoints.signIn)
  signIn(
    @Body() body: { email: string; password: string },
    @Req() request: FastifyRequest,
  ): Promise<Session> {
    return this.sessions.signIn(body.email, body.password, request.headers['user-agent']);
  }

  @Public()
  @RateLimit({ bucket: 'refresh', limit: 120, windowSeconds: 60 })
  @Endpoint(authEndpoints.refresh)
  refresh(@Body() body: { refreshToken: string }): Promise<Session> {
    return this.sessions.refresh(body.refreshToken);
  }

  @Authenticated({ allowIncomplete: true })
  @Endpoint(authEndpoints.signOut)
  async signOut(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { scope: 'global' | 'local' },
  ): Promise<object> {
    await this.sessions.signOut(viewer, body.scope);
    return {};
  }

  @Public()
  @RateLimit({ bucket: 'recover', limit: 5, windowSeconds: 600 })
  @Endpoint(authEndpoints.recover)
  recover(@Body() body: { email: string }, @Req() request: FastifyRequest): Promise<{ message: string }> {
    return this.registration.recover(body.email, request.id);
  }

  @Authenticated({ allowIncomplete: true })
  @Endpoint(authEndpoints.getUser)
  getUser(@CurrentViewer() viewer: Viewer): Promise<AuthUser> {
    return this.account.getUser(viewer);
  }

  @Authenticated()
  @Endpoint(authEndpoints.updateUser)
  updateUser(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { email?: string; password?: string },
    @Req() request: FastifyRequest,
  ): Promise<{ user: AuthUser; message: string }> {
    return this.account.updateUser(viewer, body, request.id);
  }

  @Authenticated()
  @Endpoint(authEndpoints.deleteUser)
  deleteUser(@CurrentViewer() viewer: Viewer, @Req() request: FastifyRequest): Promise<{ message: string }> {
    return this.account.deleteUser(viewer, request.id);
  }
}
