import { Module } from '@nestjs/common';
import {
  CategoriesRepository,
  CommentsRepository,
  LikesRepository,
  MediaUploadsRepository,
  OutboxRepository,
  PostMediaRepository,
  PostsRepository,
  ProfilesRepository,
} from '@datebook/db';
import { repositories } from '@datebook/server';
import { PostInteractionsController } from './post-interactions.controller';
import { PostInteractionsService } from './post-interactions.service';
import { PostUploads } from './post-uploads';
import { PostWritesService } from './post-writes.service';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  controllers: [PostsController, PostInteractionsController],
  providers: [
    PostsService,
    PostWritesService,
    PostUploads,
    PostInteractionsService,
    ...repositories(
      CategoriesRepository,
      CommentsRepository,
      LikesRepository,
      MediaUploadsRepository,
      OutboxRepository,
      PostMediaRepository,
      PostsRepository,
      ProfilesRepository,
    ),
  ],
})
export class PostsModule {}
