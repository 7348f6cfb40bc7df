import { Body, Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authEndpoints,
  messages,
  type AuthUser,
  type Session,
  type SignUp,
  type VerifyResponse,
  type VerifyType,
} from '@datebook/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { UnauthenticatedError } from '@datebook/server';
import { AccountService } from './account.service';
import { Authenticated, CurrentViewer, Public } from './auth.decorators';
import type { Viewer } from './viewer';
import { RefreshCookie } from './refresh-cookie';
import { RegistrationService } from './registration.service';
import { SessionService } from './session.service';

@Controller()
export class AuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: SessionService,
    private readonly account: AccountService,
    private readonly refreshCookie: RefreshCookie,
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
  async verify(
    @Body() body: { tokenHash: string; type: VerifyType },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VerifyResponse> {
    const { session, message } = await this.registration.verify(body.tokenHash, body.type);
    return { session: session && this.refreshCookie.hand(reply, session), message };
  }

  @Public()
  @RateLimit({ bucket: 'sign-in', limit: 10, windowSeconds: 60 })
  @Endpoint(authEndpoints.signIn)
  async signIn(
    @Body() body: { email: string; password: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session> {
    const session = await this.sessions.signIn(body.email, body.password, request.headers['user-agent']);
    return this.refreshCookie.hand(reply, session);
  }

  @Public()
  @RateLimit({ bucket: 'refresh', limit: 120, windowSeconds: 60 })
  @Endpoint(authEndpoints.refresh)
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session> {
    const refreshToken = this.refreshCookie.read(request);
    if (!refreshToken) {
      throw new UnauthenticatedError(messages.auth.refreshTokenInvalid);
    }
    return this.refreshCookie.hand(reply, await this.sessions.refresh(refreshToken));
  }

  @Authenticated({ allowIncomplete: true })
  @Endpoint(authEndpoints.signOut)
  async signOut(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { scope: 'global' | 'local' },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<object> {
    await this.sessions.signOut(viewer, body.scope);
    this.refreshCookie.clear(reply);
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
    @Body() body: { email?: string; password?: string; currentPassword?: string },
    @Req() request: FastifyRequest,
  ): Promise<{ user: AuthUser; message: string }> {
    return this.account.updateUser(viewer, body, request.id);
  }

  @Authenticated()
  @Endpoint(authEndpoints.deleteUser)
  deleteUser(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { currentPassword?: string },
    @Req() request: FastifyRequest,
  ): Promise<{ message: string }> {
    return this.account.deleteUser(viewer, body.currentPassword, request.id);
  }
}
