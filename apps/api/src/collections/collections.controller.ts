import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  collectionEndpoints,
  type Collection,
  type CollectionList,
  type CollectionListParams,
  type CreateCollection,
  type PostList,
  type PostListParams,
  type UpdateCollection,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { CollectionWritesService } from './collection-writes.service';
import { CollectionsService } from './collections.service';

@Controller()
@Authenticated()
export class CollectionsController {
  constructor(
    private readonly collections: CollectionsService,
    private readonly writes: CollectionWritesService,
  ) {}

  @Endpoint(collectionEndpoints.list)
  list(@CurrentViewer() viewer: Viewer, @Query() query: CollectionListParams): Promise<CollectionList> {
    return this.collections.list(viewer, query);
  }

  @Endpoint(collectionEndpoints.create)
  create(@CurrentViewer() viewer: Viewer, @Body() body: CreateCollection): Promise<Collection> {
    return this.writes.create(viewer, body);
  }

  @Endpoint(collectionEndpoints.byName)
  byName(@CurrentViewer() viewer: Viewer, @Param('name') name: string): Promise<Collection> {
    return this.collections.getByName(viewer, name);
  }

  @Endpoint(collectionEndpoints.get)
  get(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<Collection> {
    return this.collections.get(viewer, id);
  }

  @Endpoint(collectionEndpoints.update)
  update(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: UpdateCollection,
    @Req() request: FastifyRequest,
  ): Promise<Collection> {
    return this.writes.update(viewer, id, body, request.id);
  }

  @Endpoint(collectionEndpoints.remove)
  remove(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ deleted: true }> {
    return this.writes.remove(viewer, id, request.id);
  }

  @Endpoint(collectionEndpoints.items)
  items(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query() query: PostListParams,
  ): Promise<PostList> {
    return this.collections.listItems(viewer, id, query);
  }
}
