import { Module } from '@nestjs/common';
import { ExploreRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { ExploreController } from './explore.controller';
import { ExploreService } from './explore.service';

@Module({
  controllers: [ExploreController],
  providers: [ExploreService, ...repositories(ExploreRepository)],
})
export class ExploreModule {}
