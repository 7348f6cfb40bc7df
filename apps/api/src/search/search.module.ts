import { Module } from '@nestjs/common';
import { SearchRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({
  controllers: [SearchController],
  providers: [SearchService, ...repositories(SearchRepository)],
})
export class SearchModule {}
