import type {
  ActivityFields,
  Budget,
  DateFields,
  MediaStatus,
  MediaType,
  PostKind,
  RenditionType,
} from '@datebook/contracts';
import { createdAtMicrosSql } from './keyset';
import { POST_TABLES } from './post-tables';

/** One media item of a card, as the card query aggregates it. */
export interface CardMediaJson {
  id: number;
  type: MediaType;
  status: MediaStatus;
  position: number;
  /** Object keys, not URLs: the api signs one for each as it answers. */
  key: string | null;
  poster_key: string | null;
  /** Grouped by type (WebP first), narrowest first; a JPEG made before renditions had a type says so. */
  sources: Array<{ width: number; type: RenditionType; key: string }>;
  placeholder: string | null;
  thumbhash: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  message: string | null;
}

/** A post as a card shows it to one viewer. */
export interface CardRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  tags: string[];
  budget: Budget | null;
  is_custom: boolean;
  visibility_public: boolean;
  date_of: string | null;
  like_count: number;
  comment_count: number;
  created_at: Date;
  created_at_micros: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  category_slug: string | null;
  category_name: string | null;
  category_icon: string | null;
  is_liked: boolean;
  /** In the viewer's default collection, the one the card's save control toggles. */
  is_saved: boolean;
  media: CardMediaJson[];
}

/** An activity's card and the fields its page adds. */
export interface ActivityRow extends CardRow {
  details: ActivityFields;
}

/** A date's card and the fields its page adds. */
export interface DateRow extends CardRow {
  details: DateFields;
}

/**
 * The SQL of each field a post's page shows beyond its card, under the name the contract gives it:
 * the page answers `details` as it comes, so a new field is a line here and none in the api.
 */
const ACTIVITY_FIELDS: Record<keyof ActivityFields, string> = {
  mood: 'x.mood',
  timeRequired: 'x.duration',
  locationType: 'x.location_type',
  location: 'x.location',
  equipment: 'x.equipment',
};
const DATE_FIELDS: Record<keyof DateFields, string> = {
  allowComments: 'x.allow_comments',
  isPlanRecap: 'EXISTS (SELECT 1 FROM planned_dates rp WHERE rp.published_date_id = x.id)',
};

function detailsSql(fields: Record<string, string>): string {
  const pairs = Object.entries(fields).map(([name, sql]) => `'${name}', ${sql}`);
  return `json_build_object(${pairs.join(', ')}) AS details`;
}

/** The page's fields as one `details` column. */
export const DETAIL_COLUMNS: Record<PostKind, string> = {
  activity: detailsSql(ACTIVITY_FIELDS),
  date: detailsSql(DATE_FIELDS),
};

/**
 * The card of a post `x` (author `p`) as viewer $1 sees it; `extraColumns` adds a page's fields.
 * Media go out in position order, with their key only once processed: before that it is the raw
 * upload, which may still carry EXIF. An item that failed is its owner's to deal with; nobody else
 * is shown a broken tile or its reason.
 */
export function cardSelectSql(kind: PostKind, extraColumns = ''): string {
  const { table, fk } = POST_TABLES[kind];
  return `SELECT ${extraColumns ? `${extraColumns}, ` : ''}x.id, x.user_id, x.title, x.description, x.tags, x.budget,
      ${kind === 'activity' ? 'x.is_custom' : 'false AS is_custom'},
      ${kind === 'date' ? 'x.visibility_public' : 'true AS visibility_public'},
      ${kind === 'date' ? 'x.date_of::text' : 'NULL::text'} AS date_of,
      x.like_count, x.comment_count, x.created_at, ${createdAtMicrosSql('x')} AS created_at_micros,
      p.username, p.display_name, p.avatar_key,
      c.slug AS category_slug, c.name AS category_name, c.icon AS category_icon,
      EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1::uuid AND l.${fk} = x.id) AS is_liked,
      EXISTS (SELECT 1 FROM collections co JOIN collection_items ci ON ci.collection_id = co.id
               WHERE co.owner_id = $1::uuid AND co.is_default AND ci.${fk} = x.id) AS is_saved,
      COALESCE((SELECT json_agg(json_build_object(
          'id', m.id, 'type', m.media_type, 'status', m.status, 'position', m.position,
          'key', CASE WHEN m.status = 'ready' THEN m.display_key END,
          'poster_key', CASE WHEN m.status = 'ready' THEN m.variants #>> '{poster,key}' END,
          'sources', CASE WHEN m.status = 'ready' AND m.media_type = 'photo' THEN COALESCE(
              (SELECT json_agg(json_build_object('width', (i ->> 'width')::int, 'type', t.type, 'key', i ->> 'key')
                                ORDER BY t.type DESC, (i ->> 'width')::int)
                 FROM jsonb_array_elements(m.variants -> 'images') i,
                      LATERAL (SELECT COALESCE(i ->> 'type', 'image/jpeg') AS type) t), '[]'::json)
            ELSE '[]'::json END,
          'placeholder', m.placeholder, 'thumbhash', m.thumbhash,
          'width', m.width, 'height', m.height,
          'duration_ms', m.duration_ms, 'message', m.failure_reason) ORDER BY m.position, m.id)
        FROM post_media m WHERE m.${fk} = x.id AND (m.status <> 'failed' OR x.user_id = $1::uuid)),
        '[]'::json) AS media
    FROM ${table} x
    JOIN profiles p ON p.id = x.user_id
    LEFT JOIN categories c ON c.slug = x.category`;
}
