import { Module } from '@nestjs/common';
import { ProfilesController } from './profiles.controller';
import { ProfileQueries } from './profiles.queries';
import { ProfilesService } from './profiles.service';

@Module({
  controllers: [ProfilesController],
  providers: [ProfilesService, ProfileQueries],
  exports: [ProfileQueries],
})
export class ProfilesModule {}
