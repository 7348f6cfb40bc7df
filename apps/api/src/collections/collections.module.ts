import { Module } from '@nestjs/common';
import { CollectionWritesService } from './collection-writes.service';
import { CollectionsController } from './collections.controller';
import { CollectionsService } from './collections.service';
import { SavesController } from './saves.controller';
import { SavesService } from './saves.service';

@Module({
  controllers: [CollectionsController, SavesController],
  providers: [CollectionsService, CollectionWritesService, SavesService],
})
export class CollectionsModule {}
