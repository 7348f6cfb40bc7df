import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  postMessages,
  type Budget,
  type MediaStatus,
  type MediaType,
  type PostCard,
  type PostKind,
  type PostList,
} from '@datebook/contracts';
import { ValidationError } from '@datebook/server';
import { decodeKeysetCursor, keysetPage, type KeysetCursor } from '../http/keyset-cursor';
import { POST_TABLES, visiblePostSql } from './post-visibility.sql';

export type PostCursor = KeysetCursor;

export function decodePostCursor(cursor: string): PostCursor {
  const position = decodeKeysetCursor(cursor);
  if (!position) {
    throw new ValidationError([{ path: 'cursor', message: postMessages.invalidCursor }]);
  }
  return position;
}

interface MediaJson {
  id: number;
  type: MediaType;
  status: MediaStatus;
  position: number;
  url: string | null;
  poster_url: string | null;
  sources: Array<{ width: number; url: string }>;
  placeholder: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  message: string | null;
}

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
  avatar_url: string | null;
  category_slug: string | null;
  category_name: string | null;
  category_icon: string | null;
  is_liked: boolean;
  is_saved: boolean;
  media: MediaJson[];
}

export interface ActivityRow extends CardRow {
  mood: string | null;
  duration: string | null;
  location_type: 'Anywhere' | 'Indoor' | 'Outdoor' | 'Site Specific';
  location: string | null;
  site_specific: boolean;
  equipment: string[];
}

export interface DateRow extends CardRow {
  allow_comments: boolean;
}

/** What an owner action or an interaction needs to decide, for a post that exists. */
export interface PostAccessRow {
  id: string;
  user_id: string;
  visible: boolean;
  allow_comments: boolean;
}

const EXTRA_COLUMNS: Record<PostKind, string> = {
  activity: `x.mood, x.duration, x.location_type, x.location, x.site_specific, x.equipment`,
  date: `x.allow_comments`,
};

/**
 * The card of a post `x` (author `p`) as viewer $1 sees it. Media go out in position order, with
 * their URL only once processed: before that it is the raw upload, which may still carry EXIF.
 * An item that failed is its owner's to deal with; nobody else is shown a broken tile or its reason.
 */
function cardSelect(kind: PostKind): string {
  const { table, fk } = POST_TABLES[kind];
  return `SELECT x.id, x.user_id, x.title, x.description, x.tags, x.budget,
      ${kind === 'activity' ? 'x.is_custom' : 'false AS is_custom'},
      ${kind === 'date' ? 'x.visibility_public' : 'true AS visibility_public'},
      ${kind === 'date' ? 'x.date_of::text' : 'NULL::text'} AS date_of,
      x.like_count, x.comment_count, x.created_at,
      (extract(epoch FROM x.created_at) * 1000000)::bigint::text AS created_at_micros,
      p.username, p.display_name, p.avatar_url,
      c.slug AS category_slug, c.name AS category_name, c.icon AS category_icon,
      EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1::uuid AND l.${fk} = x.id) AS is_liked,
      EXISTS (SELECT 1 FROM collection_items ci JOIN collections co ON co.id = ci.collection_id
               WHERE co.owner_id = $1::uuid AND ci.${fk} = x.id) AS is_saved,
      COALESCE((SELECT json_agg(json_build_object(
          'id', m.id, 'type', m.media_type, 'status', m.status, 'position', m.position,
          'url', CASE WHEN m.status = 'ready' THEN m.url END,
          'poster_url', CASE WHEN m.status = 'ready' THEN m.variants #>> '{poster,url}' END,
          'sources', CASE WHEN m.status = 'ready' AND m.media_type = 'photo' THEN COALESCE(
              (SELECT json_agg(json_build_object('width', (i ->> 'width')::int, 'url', i ->> 'url')
                                ORDER BY (i ->> 'width')::int)
                 FROM jsonb_array_elements(m.variants -> 'images') i), '[]'::json)
            ELSE '[]'::json END,
          'placeholder', m.placeholder, 'width', m.width, 'height', m.height,
          'duration_ms', m.duration_ms, 'message', m.failure_reason) ORDER BY m.position, m.id)
        FROM post_media m WHERE m.${fk} = x.id AND (m.status <> 'failed' OR x.user_id = $1::uuid)),
        '[]'::json) AS media
    FROM ${table} x
    JOIN profiles p ON p.id = x.user_id
    LEFT JOIN categories c ON c.slug = x.category`;
}

export function toCard(kind: PostKind, row: CardRow): PostCard {
  return {
    id: row.id,
    kind,
    title: row.title,
    description: row.description,
    author: {
      id: row.user_id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: row.avatar_url,
    },
    media: row.media.map((m) => ({
      id: String(m.id),
      type: m.type,
      status: m.status,
      position: m.position,
      url: m.url,
      posterUrl: m.poster_url,
      sources: m.sources,
      placeholder: m.placeholder,
      width: m.width,
      height: m.height,
      durationMs: m.duration_ms,
      message: m.message,
    })),
    tags: row.tags,
    budget: row.budget,
    category:
      row.category_slug && row.category_name && row.category_icon
        ? { slug: row.category_slug, name: row.category_name, icon: row.category_icon }
        : null,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    isLiked: row.is_liked,
    isSaved: row.is_saved,
    isCustom: row.is_custom,
    visibilityPublic: row.visibility_public,
    dateOf: row.date_of,
    createdAt: row.created_at.toISOString(),
  };
}

const RELATED_LIMIT = 3;

/** Every read takes the viewer first ($1) and filters through the visibility policy. */
@Injectable()
export class PostQueries {
  constructor(private readonly dataSource: DataSource) {}

  async findActivity(viewerId: string | null, id: string): Promise<ActivityRow | undefined> {
    return this.findOne<ActivityRow>('activity', viewerId, id);
  }

  async findDate(viewerId: string | null, id: string): Promise<DateRow | undefined> {
    return this.findOne<DateRow>('date', viewerId, id);
  }

  /** Exists at all, and whether the viewer may see it: owner actions answer 404 and 403 apart. */
  async access(kind: PostKind, viewerId: string | null, id: string): Promise<PostAccessRow | undefined> {
    const { table } = POST_TABLES[kind];
    const [row] = await this.dataSource.query<PostAccessRow[]>(
      `SELECT x.id, x.user_id, ${visiblePostSql(kind, 'x', 'p', '$1')} AS visible,
              ${kind === 'date' ? 'x.allow_comments' : 'true'} AS allow_comments
         FROM ${table} x JOIN profiles p ON p.id = x.user_id WHERE x.id = $2`,
      [viewerId, id],
    );
    return row;
  }

  /** Newest first, keyset on (created_at, id) over the author's index. */
  async listByAuthor(
    kind: PostKind,
    viewerId: string | null,
    authorId: string,
    page: { after?: PostCursor; limit: number },
  ): Promise<PostList> {
    const values: unknown[] = [viewerId, authorId, page.limit + 1];
    let after = '';
    if (page.after) {
      values.push(page.after.createdAtMicros, page.after.id);
      after = `AND (x.created_at, x.id)
                 < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::bigint)`;
    }
    const rows = await this.dataSource.query<CardRow[]>(
      `${cardSelect(kind)}
        WHERE x.user_id = $2 AND ${visiblePostSql(kind, 'x', 'p', '$1')} ${after}
        ORDER BY x.created_at DESC, x.id DESC LIMIT $3`,
      values,
    );
    return keysetPage(
      rows,
      page.limit,
      (row) => toCard(kind, row),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.id }),
    );
  }

  async connectedDates(viewerId: string | null, activityId: string): Promise<PostCard[]> {
    const rows = await this.dataSource.query<CardRow[]>(
      `${cardSelect('date')}
        JOIN dates_activities da ON da.date_id = x.id
        WHERE da.activity_id = $2 AND ${visiblePostSql('date', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${RELATED_LIMIT}`,
      [viewerId, activityId],
    );
    return rows.map((row) => toCard('date', row));
  }

  /** 'You might also like': other visible, non-custom activities sharing a category. */
  async similarActivities(viewerId: string | null, activityId: string): Promise<PostCard[]> {
    const rows = await this.dataSource.query<CardRow[]>(
      `${cardSelect('activity')}
        WHERE x.id IN (SELECT other.activity_id FROM activity_categories mine
                         JOIN activity_categories other ON other.category_id = mine.category_id
                        WHERE mine.activity_id = $2 AND other.activity_id <> $2)
          AND NOT x.is_custom AND ${visiblePostSql('activity', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${RELATED_LIMIT}`,
      [viewerId, activityId],
    );
    return rows.map((row) => toCard('activity', row));
  }

  /** A date's linked activities the viewer may see (admins' and others' custom ones drop out). */
  async linkedActivities(viewerId: string | null, dateId: string): Promise<PostCard[]> {
    const rows = await this.dataSource.query<CardRow[]>(
      `${cardSelect('activity')}
        JOIN dates_activities da ON da.activity_id = x.id
        WHERE da.date_id = $2 AND ${visiblePostSql('activity', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC`,
      [viewerId, dateId],
    );
    return rows.map((row) => toCard('activity', row));
  }

  private async findOne<R extends CardRow>(
    kind: PostKind,
    viewerId: string | null,
    id: string,
  ): Promise<R | undefined> {
    const [row] = await this.dataSource.query<R[]>(
      `${cardSelect(kind).replace('SELECT ', `SELECT ${EXTRA_COLUMNS[kind]}, `)}
        WHERE x.id = $2 AND ${visiblePostSql(kind, 'x', 'p', '$1')}`,
      [viewerId, id],
    );
    return row;
  }
}
