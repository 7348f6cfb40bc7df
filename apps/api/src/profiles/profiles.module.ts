import { Module } from '@nestjs/common';
import { OutboxRepository, ProfilesRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

@Module({
  controllers: [ProfilesController],
  providers: [ProfilesService, ...repositories(OutboxRepository, ProfilesRepository)],
})
export class ProfilesModule {}
