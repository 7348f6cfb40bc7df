import { visiblePostSql } from './post-tables';

/**
 * The items of collection `collection` whose post `viewer` may see now (spec section 6): a post
 * whose author turned private, became an admin, or whose date was made private drops out of every
 * list and count, and comes back when it is visible again. A deleted post's items are gone with it
 * (the foreign keys cascade).
 */
export function visibleItemsSql(collection: string, viewer: string): string {
  return `SELECT ci.* FROM collection_items ci
      LEFT JOIN activities va ON va.id = ci.activity_id LEFT JOIN profiles vpa ON vpa.id = va.user_id
      LEFT JOIN dates vd ON vd.id = ci.date_id LEFT JOIN profiles vpd ON vpd.id = vd.user_id
     WHERE ci.collection_id = ${collection}
       AND CASE WHEN ci.activity_id IS NOT NULL THEN ${visiblePostSql('activity', 'va', 'vpa', viewer)}
                ELSE ${visiblePostSql('date', 'vd', 'vpd', viewer)} END`;
}
