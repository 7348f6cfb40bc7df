import { Module } from '@nestjs/common';
import { CategoriesRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

@Module({
  controllers: [CategoriesController],
  providers: [CategoriesService, ...repositories(CategoriesRepository)],
})
export class CategoriesModule {}
