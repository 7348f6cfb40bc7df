import { Controller, Query } from '@nestjs/common';
import {
  searchEndpoints,
  type PostSearchPage,
  type PostSearchParams,
  type UserSearchPage,
  type UserSearchParams,
} from '@datebook/contracts';
import { OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { SearchService } from './search.service';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Public()
  @Endpoint(searchEndpoints.activities)
  activities(
    @OptionalViewer() viewer: Viewer | undefined,
    @Query() query: PostSearchParams,
  ): Promise<PostSearchPage> {
    return this.search.posts('activity', viewer, query);
  }

  @Public()
  @Endpoint(searchEndpoints.dates)
  dates(
    @OptionalViewer() viewer: Viewer | undefined,
    @Query() query: PostSearchParams,
  ): Promise<PostSearchPage> {
    return this.search.posts('date', viewer, query);
  }

  @Public()
  @Endpoint(searchEndpoints.users)
  users(
    @OptionalViewer() viewer: Viewer | undefined,
    @Query() query: UserSearchParams,
  ): Promise<UserSearchPage> {
    return this.search.users(viewer, query);
  }
}
