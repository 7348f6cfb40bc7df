import { ViewColumn, ViewEntity } from 'typeorm';

/** Read-only view (created by the migration): a date's category slug, for category filters. */
@ViewEntity({ name: 'date_categories', synchronize: false })
export class DateCategoryEntity {
  @ViewColumn({ name: 'date_id' })
  dateId!: string;

  @ViewColumn({ name: 'category_slug' })
  categorySlug!: string;
}
