import { Body, Controller, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { profileEndpoints, type OwnProfile, type Profile, type UpdateProfile } from '@datebook/contracts';
import { Authenticated, CurrentViewer, OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Authenticated()
  @Endpoint(profileEndpoints.getOwn)
  getOwn(@CurrentViewer() viewer: Viewer): Promise<OwnProfile> {
    return this.profiles.getOwn(viewer);
  }

  @Authenticated()
  @Endpoint(profileEndpoints.updateOwn)
  updateOwn(
    @CurrentViewer() viewer: Viewer,
    @Body() body: UpdateProfile,
    @Req() request: FastifyRequest,
  ): Promise<OwnProfile> {
    return this.profiles.updateOwn(viewer, body, request.id);
  }

  @Authenticated()
  @Endpoint(profileEndpoints.changeUsername)
  changeUsername(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { username: string },
    @Req() request: FastifyRequest,
  ): Promise<OwnProfile> {
    return this.profiles.changeUsername(viewer, body.username, request.id);
  }

  @Authenticated()
  @Endpoint(profileEndpoints.setPrivacy)
  setPrivacy(
    @CurrentViewer() viewer: Viewer,
    @Body() body: { isPrivate: boolean },
    @Req() request: FastifyRequest,
  ): Promise<OwnProfile> {
    return this.profiles.setPrivacy(viewer, body.isPrivate, request.id);
  }

  @Public()
  @Endpoint(profileEndpoints.get)
  get(@OptionalViewer() viewer: Viewer | undefined, @Param('username') username: string): Promise<Profile> {
    return this.profiles.get(viewer, username);
  }
}
