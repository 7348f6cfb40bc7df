import { Global, Module } from '@nestjs/common';
import {
  CollectionsRepository,
  FollowRequestsRepository,
  MfaFactorsRepository,
  OneTimeTokensRepository,
  OutboxRepository,
  ProfilesRepository,
  RefreshTokensRepository,
  UsersRepository,
} from '@datebook/db';
import { repositories } from '@datebook/server';
import { FollowsModule } from '../follows/follows.module';
import { AccountService } from './account.service';
import { AccountThrottle } from './account-throttle';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthUserReader } from './auth-user.reader';
import { EmailLinks } from './email-links';
import { FactorsController } from './factors.controller';
import { JwksController } from './jwks.controller';
import { MfaService } from './mfa.service';
import { RefreshCookie } from './refresh-cookie';
import { RegistrationService } from './registration.service';
import { SessionRevocations } from './session-revocations';
import { SessionService } from './session.service';
import { TokenSigner } from './token-signer.service';

/** Global because the guard (and the socket gateway) need the signer and revocations everywhere. */
@Global()
@Module({
  imports: [FollowsModule],
  controllers: [AuthController, FactorsController, JwksController],
  providers: [
    AccountService,
    AccountThrottle,
    AuthGuard,
    AuthUserReader,
    EmailLinks,
    MfaService,
    RefreshCookie,
    RegistrationService,
    SessionRevocations,
    SessionService,
    TokenSigner,
    ...repositories(
      CollectionsRepository,
      FollowRequestsRepository,
      MfaFactorsRepository,
      OneTimeTokensRepository,
      OutboxRepository,
      ProfilesRepository,
      RefreshTokensRepository,
      UsersRepository,
    ),
  ],
  exports: [AuthGuard, TokenSigner, SessionRevocations],
})
export class AuthModule {}
