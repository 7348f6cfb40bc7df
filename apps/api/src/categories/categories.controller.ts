import { Controller, Header, Query } from '@nestjs/common';
import {
  CATEGORIES_CACHE_CONTROL,
  categoryEndpoints,
  type CategoryList,
  type CategoryListQuery,
} from '@datebook/contracts';
import { Public } from '../auth/auth.decorators';
import { Endpoint } from '../http/endpoint.decorator';
import { CategoriesService } from './categories.service';

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Public()
  @Header('cache-control', CATEGORIES_CACHE_CONTROL)
  @Endpoint(categoryEndpoints.list)
  list(@Query() query: CategoryListQuery): Promise<CategoryList> {
    return this.categories.list(query.appliesTo);
  }
}
