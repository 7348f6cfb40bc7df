import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { PostInteractionsController } from './post-interactions.controller';
import { PostInteractionsService } from './post-interactions.service';
import { PostPublishingService } from './post-publishing.service';
import { PostsController } from './posts.controller';
import { PostQueries } from './posts.queries';
import { PostsService } from './posts.service';

@Module({
  imports: [ProfilesModule],
  controllers: [PostsController, PostInteractionsController],
  providers: [PostsService, PostPublishingService, PostInteractionsService, PostQueries],
})
export class PostsModule {}
