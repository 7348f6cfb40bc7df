import { Module } from '@nestjs/common';
import { FormsRepository, OutboxRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';

@Module({
  controllers: [FormsController],
  providers: [FormsService, ...repositories(FormsRepository, OutboxRepository)],
})
export class FormsModule {}
