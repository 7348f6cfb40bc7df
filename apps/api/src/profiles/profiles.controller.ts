import { Body, Controller, Param } from '@nestjs/common';
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
  updateOwn(@CurrentViewer() viewer: Viewer, @Body() body: UpdateProfile): Promise<OwnProfile> {
    return this.profiles.updateOwn(viewer, body);
  }

  @Authenticated()
  @Endpoint(profileEndpoints.changeUsername)
  changeUsername(@CurrentViewer() viewer: Viewer, @Body() body: { username: string }): Promise<OwnProfile> {
    return this.profiles.changeUsername(viewer, body.username);
  }

  @Authenticated()
  @Endpoint(profileEndpoints.setPrivacy)
  setPrivacy(@CurrentViewer() viewer: Viewer, @Body() body: { isPrivate: boolean }): Promise<OwnProfile> {
    return this.profiles.setPrivacy(viewer, body.isPrivate);
  }

  @Public()
  @Endpoint(profileEndpoints.get)
  get(@OptionalViewer() viewer: Viewer | undefined, @Param('username') username: string): Promise<Profile> {
    return this.profiles.get(viewer, username);
  }
}
