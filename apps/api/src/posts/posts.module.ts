import { Module } from '@nestjs/common';
import { PostInteractionsController } from './post-interactions.controller';
import { PostInteractionsService } from './post-interactions.service';
import { PostUploads } from './post-uploads';
import { PostWritesService } from './post-writes.service';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  controllers: [PostsController, PostInteractionsController],
  providers: [PostsService, PostWritesService, PostUploads, PostInteractionsService],
})
export class PostsModule {}
