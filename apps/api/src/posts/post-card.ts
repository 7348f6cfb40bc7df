import type { PostCard, PostKind } from '@datebook/contracts';
import type { CardRow } from '@datebook/db';
import type { ObjectStorage } from '@datebook/server';

/** A card row as the api returns it, with a signed URL for each media key. */
export function toPostCard(kind: PostKind, row: CardRow, storage: ObjectStorage): PostCard {
  return {
    id: row.id,
    kind,
    title: row.title,
    description: row.description,
    author: {
      id: row.user_id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: storage.readUrl(row.avatar_key),
    },
    media: row.media.map((m) => ({
      id: String(m.id),
      type: m.type,
      status: m.status,
      position: m.position,
      url: storage.readUrl(m.key),
      posterUrl: storage.readUrl(m.poster_key),
      sources: m.sources.map((source) => ({
        width: source.width,
        type: source.type,
        url: storage.readUrl(source.key),
      })),
      placeholder: m.placeholder,
      thumbhash: m.thumbhash,
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
