import { Module } from '@nestjs/common';
import { MediaUploadsRepository, OutboxRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

@Module({
  controllers: [MediaController],
  providers: [MediaService, ...repositories(MediaUploadsRepository, OutboxRepository)],
})
export class MediaModule {}
