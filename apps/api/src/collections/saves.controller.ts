import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  saveEndpoints,
  type ChangePostCollections,
  type PostCollections,
  type PostList,
  type PostListParams,
  type SaveState,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { CollectionsService } from './collections.service';
import { SavesService } from './saves.service';

@Controller()
@Authenticated()
export class SavesController {
  constructor(
    private readonly collections: CollectionsService,
    private readonly saves: SavesService,
  ) {}

  @Endpoint(saveEndpoints.savedPosts)
  savedPosts(@CurrentViewer() viewer: Viewer, @Query() query: PostListParams): Promise<PostList> {
    return this.collections.listSaved(viewer, query);
  }

  @Endpoint(saveEndpoints.save)
  save(
    @CurrentViewer() viewer: Viewer,
    @Param('kind') kind: string,
    @Param('postId') postId: string,
  ): Promise<SaveState> {
    return this.saves.save(viewer, kind, postId);
  }

  @Endpoint(saveEndpoints.unsave)
  unsave(
    @CurrentViewer() viewer: Viewer,
    @Param('kind') kind: string,
    @Param('postId') postId: string,
  ): Promise<SaveState> {
    return this.saves.unsave(viewer, kind, postId);
  }

  @Endpoint(saveEndpoints.postCollections)
  postCollections(
    @CurrentViewer() viewer: Viewer,
    @Param('kind') kind: string,
    @Param('postId') postId: string,
  ): Promise<PostCollections> {
    return this.saves.postCollections(viewer, kind, postId);
  }

  @Endpoint(saveEndpoints.changePostCollections)
  changePostCollections(
    @CurrentViewer() viewer: Viewer,
    @Param('kind') kind: string,
    @Param('postId') postId: string,
    @Body() body: ChangePostCollections,
  ): Promise<PostCollections> {
    return this.saves.changePostCollections(viewer, kind, postId, body);
  }
}
