import { Module } from '@nestjs/common';
import {
  CollectionItemsRepository,
  CollectionsRepository,
  MediaUploadsRepository,
  OutboxRepository,
  PostsRepository,
} from '@datebook/db';
import { repositories } from '@datebook/server';
import { CollectionCovers } from './collection-covers';
import { CollectionWritesService } from './collection-writes.service';
import { CollectionsController } from './collections.controller';
import { CollectionsService } from './collections.service';
import { SavesController } from './saves.controller';
import { SavesService } from './saves.service';

@Module({
  controllers: [CollectionsController, SavesController],
  providers: [
    CollectionsService,
    CollectionWritesService,
    CollectionCovers,
    SavesService,
    ...repositories(
      CollectionItemsRepository,
      CollectionsRepository,
      MediaUploadsRepository,
      OutboxRepository,
      PostsRepository,
    ),
  ],
})
export class CollectionsModule {}
