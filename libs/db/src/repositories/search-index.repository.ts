import type { PostKind } from '@datebook/contracts';
import { POST_TABLES } from './post-tables';
import { SqlRepository } from './sql-repository';

export type IndexOutcome = 'indexed' | 'removed';
export type SearchDocumentKindName = PostKind | 'profile';

/** What a rebuild did, per kind: rows written (new or changed), rows removed, rows now in the index. */
export interface RebuildCounts {
  written: Record<SearchDocumentKindName, number>;
  removed: Record<SearchDocumentKindName, number>;
  total: Record<SearchDocumentKindName, number>;
  /** Words of names the vocabulary lacked (written by none of the rows' triggers), and its size. */
  names: { added: number; total: number };
}

/** Rows per statement of a rebuild: each batch commits alone, so a million posts never hold one transaction. */
export const REBUILD_BATCH_SIZE = 5_000;

const POST_KINDS: readonly PostKind[] = ['activity', 'date'];

const COLUMNS = `kind, entity_id, title, body, tags, username, display_name, author_id, author_is_private,
  author_is_admin, visibility_public, is_custom, category_slugs, created_at, like_count, comment_count,
  save_count, budget, mood, time_required, site_specific, indexed_at`;

/** Every written column but the key and indexed_at: a rebuild rewrites a row only when one differs. */
const COMPARED = [
  'title',
  'body',
  'tags',
  'username',
  'display_name',
  'author_id',
  'author_is_private',
  'author_is_admin',
  'visibility_public',
  'is_custom',
  'category_slugs',
  'created_at',
  'like_count',
  'comment_count',
  'save_count',
  'budget',
  'mood',
  'time_required',
  'site_specific',
];

const AUTHOR_COLUMNS = ['username', 'display_name', 'author_is_private', 'author_is_admin'];

/**
 * The author facts every row copies: a profile of a live account (a deleted account keeps its rows
 * until the purge, but nothing of it may be found meanwhile).
 */
const LIVE_AUTHOR = `JOIN profiles p ON p.id = x.user_id JOIN users u ON u.id = p.id AND u.deleted_at IS NULL`;
const AUTHOR_IS_ADMIN = `p.access_type <> 'standard'`;

/** Posts that belong in the index: the ones some searcher other than their author may see. */
const INDEXABLE: Record<PostKind, string> = { activity: 'NOT x.is_custom', date: 'x.visibility_public' };

function postSelectSql(kind: PostKind, where: string): string {
  const { table, fk } = POST_TABLES[kind];
  const categorySlugs =
    kind === 'activity'
      ? `ARRAY(SELECT c.slug FROM activity_categories ac JOIN categories c ON c.id = ac.category_id
           WHERE ac.activity_id = x.id
           UNION SELECT x.category WHERE x.category IS NOT NULL ORDER BY 1)`
      : `CASE WHEN x.category IS NULL THEN '{}'::text[] ELSE ARRAY[x.category] END`;
  const filters =
    kind === 'activity'
      ? `x.budget, x.mood, x.duration AS time_required, x.location_type = 'Site Specific' AS site_specific`
      : 'x.budget, NULL::text AS mood, NULL::text AS time_required, false AS site_specific';
  return `SELECT '${kind}' AS kind, x.id::text AS entity_id, x.title, x.description AS body, x.tags,
      p.username, p.display_name, p.id AS author_id, p.is_private AS author_is_private,
      ${AUTHOR_IS_ADMIN} AS author_is_admin,
      ${kind === 'date' ? 'x.visibility_public' : 'true'} AS visibility_public,
      ${kind === 'activity' ? 'x.is_custom' : 'false'} AS is_custom, ${categorySlugs} AS category_slugs,
      x.created_at, x.like_count, x.comment_count,
      (SELECT count(*) FROM collection_items ci WHERE ci.${fk} = x.id)::int AS save_count,
      ${filters}, now() AS indexed_at
    FROM ${table} x ${LIVE_AUTHOR}
    WHERE ${INDEXABLE[kind]} AND ${where}`;
}

function profileSelectSql(where: string): string {
  return `SELECT 'profile' AS kind, p.id::text AS entity_id,
      COALESCE(NULLIF(btrim(p.display_name), ''), p.username) AS title, COALESCE(p.bio, '') AS body,
      '{}'::text[] AS tags, p.username, p.display_name, p.id AS author_id,
      p.is_private AS author_is_private, ${AUTHOR_IS_ADMIN} AS author_is_admin,
      true AS visibility_public, false AS is_custom, '{}'::text[] AS category_slugs, p.created_at,
      0 AS like_count, 0 AS comment_count, 0 AS save_count, NULL::text AS budget, NULL::text AS mood,
      NULL::text AS time_required, false AS site_specific, now() AS indexed_at
    FROM profiles p JOIN users u ON u.id = p.id AND u.deleted_at IS NULL
    WHERE ${where}`;
}

/**
 * No write replaces a row that a statement begun later already wrote (now() is the writing
 * statement's start, each write being one statement): an older snapshot never overwrites a newer one
 * when two jobs, or a job and a rebuild, race. `fresh`: an event-driven write always rewrites the row
 * otherwise, so indexed_at tells when the worker last looked. `changed`: a rebuild rewrites only rows
 * that differ, so running it twice writes nothing the second time.
 */
function upsertSql(select: string, mode: 'fresh' | 'changed'): string {
  const set = [...COMPARED, 'indexed_at'].map((c) => `${c} = excluded.${c}`).join(', ');
  const newer = 'search_documents.indexed_at <= excluded.indexed_at';
  const guard =
    mode === 'fresh'
      ? newer
      : `${newer} AND (${COMPARED.map((c) => `search_documents.${c}`).join(', ')})
          IS DISTINCT FROM (${COMPARED.map((c) => `excluded.${c}`).join(', ')})`;
  return `INSERT INTO search_documents (${COLUMNS}) ${select}
    ON CONFLICT (kind, entity_id) DO UPDATE SET ${set} WHERE ${guard}`;
}

/**
 * Writes the search index (search_documents) from the posts and profiles it describes; the worker
 * calls it from outbox events, a periodic count refresh and `npm run reindex`. Every write re-derives
 * rows from the source tables in set-based SQL, so a job is idempotent and a retry converges.
 *
 * What is in the index: a post only while some searcher other than its author could see it, i.e. a
 * non-custom activity or a public date of a live account. Custom activities and private dates are
 * visible to their author alone, and search never shows searchers their own posts (spec §6), so
 * such a row could only ever be filtered out; leaving it out keeps the index smaller and means a
 * query that forgets a flag still cannot leak one. The copied `is_custom`/`visibility_public` flags
 * therefore read false/true on every post row. The author's facts that change with the author
 * (privacy, admin, names) stay as flags instead, since one profile change rewrites them on all the
 * author's rows in one UPDATE, and the search filters on them (and re-checks live visibility).
 * Profiles are indexed whatever their privacy or access type, with the same flags.
 */
export class SearchIndexRepository extends SqlRepository {
  /** Re-derives one post's row from the post and its author, or removes it when it no longer belongs. */
  async indexPost(kind: PostKind, postId: string): Promise<IndexOutcome> {
    const rows = await this.query<{ indexed: boolean }>(
      `WITH src AS (${postSelectSql(kind, 'x.id = $1::bigint')}),
       gone AS (
         DELETE FROM search_documents d WHERE d.kind = $2 AND d.entity_id = $1::bigint::text
           AND NOT EXISTS (SELECT 1 FROM src)
       ),
       written AS (${upsertSql('SELECT * FROM src', 'fresh')} RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM src) AS indexed`,
      [postId, kind],
    );
    return rows[0]?.indexed ? 'indexed' : 'removed';
  }

  /**
   * Re-derives a profile's own row and copies its names, privacy and admin flag onto all its posts'
   * rows; a deleted profile (or one whose account is being deleted) loses every row.
   */
  async indexProfile(profileId: string): Promise<IndexOutcome> {
    const rows = await this.query<{ indexed: boolean }>(
      `WITH src AS (${profileSelectSql('p.id = $1::uuid')}),
       gone AS (
         DELETE FROM search_documents d WHERE d.author_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM src)
       ),
       authored AS (
         UPDATE search_documents d
           SET ${AUTHOR_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')}, indexed_at = now()
           FROM src s
           WHERE d.author_id = $1::uuid AND d.kind <> 'profile'
             AND (${AUTHOR_COLUMNS.map((c) => `d.${c}`).join(', ')})
               IS DISTINCT FROM (${AUTHOR_COLUMNS.map((c) => `s.${c}`).join(', ')})
       ),
       written AS (${upsertSql('SELECT * FROM src', 'fresh')} RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM src) AS indexed`,
      [profileId],
    );
    return rows[0]?.indexed ? 'indexed' : 'removed';
  }

  /**
   * Copies current like, comment and save counts onto the rows of posts created after `since`
   * (likes, comments and saves raise no events). Older rows keep their counts until a rebuild.
   * Returns how many rows changed.
   */
  async refreshCounts(since: Date): Promise<number> {
    let changed = 0;
    for (const kind of POST_KINDS) {
      const { table, fk } = POST_TABLES[kind];
      const rows = await this.modifyReturning<unknown>(
        `UPDATE search_documents d
           SET like_count = x.like_count, comment_count = x.comment_count, save_count = c.saves
           FROM ${table} x
           CROSS JOIN LATERAL (SELECT count(*)::int AS saves FROM collection_items ci WHERE ci.${fk} = x.id) c
           WHERE d.kind = '${kind}' AND d.created_at > $1 AND x.id = d.entity_id::bigint
             AND (d.like_count, d.comment_count, d.save_count) IS DISTINCT FROM (x.like_count, x.comment_count, c.saves)
           RETURNING 1`,
        [since],
      );
      changed += rows.length;
    }
    return changed;
  }

  /**
   * Re-derives the whole index: every post and profile in id-ordered batches (each its own
   * statement), then removes rows whose source is gone or no longer belongs. Idempotent: a second
   * run writes and removes nothing.
   */
  async rebuild(batchSize: number = REBUILD_BATCH_SIZE): Promise<RebuildCounts> {
    const counts: RebuildCounts = {
      written: { activity: 0, date: 0, profile: 0 },
      removed: { activity: 0, date: 0, profile: 0 },
      total: { activity: 0, date: 0, profile: 0 },
      names: { added: 0, total: 0 },
    };
    for (const kind of POST_KINDS) {
      const { table } = POST_TABLES[kind];
      counts.written[kind] = await this.inBatches(
        `SELECT id::text AS hi FROM (SELECT id FROM ${table} WHERE id > $1::bigint ORDER BY id LIMIT $2) b
           ORDER BY id DESC LIMIT 1`,
        '0',
        upsertSql(postSelectSql(kind, 'x.id > $1::bigint AND x.id <= $2::bigint'), 'changed'),
        batchSize,
      );
    }
    counts.written.profile = await this.inBatches(
      `SELECT id::text AS hi FROM (SELECT id FROM profiles WHERE id > $1::uuid ORDER BY id LIMIT $2) b
         ORDER BY id DESC LIMIT 1`,
      '00000000-0000-0000-0000-000000000000',
      upsertSql(profileSelectSql('p.id > $1::uuid AND p.id <= $2::uuid'), 'changed'),
      batchSize,
    );
    // Fresh statistics first: right after a first build the planner would take the table for empty
    // and walk all of it for every batch of the orphan pass.
    await this.query('ANALYZE search_documents');
    for (const kind of [...POST_KINDS, 'profile'] as const) {
      counts.removed[kind] = await this.removeOrphans(kind, batchSize);
    }
    const totals = await this.query<{ kind: SearchDocumentKindName; n: number }>(
      'SELECT kind, count(*)::int AS n FROM search_documents GROUP BY kind',
    );
    for (const { kind, n } of totals) {
      counts.total[kind] = n;
    }
    counts.names = await this.refillNames();
    return counts;
  }

  /**
   * The triggers add a profile row's words when it is written or renamed; rows left unchanged by a
   * rebuild (restored from a dump without `search_names`, say) get theirs here. One statement over
   * the profile rows, a few hundred milliseconds at 100,000 members.
   */
  private async refillNames(): Promise<{ added: number; total: number }> {
    const [row] = await this.query<{ added: number; total: number }>(
      `WITH added AS (
          INSERT INTO search_names (word)
            SELECT DISTINCT w FROM search_documents d
             CROSS JOIN LATERAL search_name_words(d.username, d.display_name) w
             WHERE d.kind = 'profile'
            ON CONFLICT DO NOTHING
            RETURNING 1)
       SELECT (SELECT count(*)::int FROM added) AS added,
              (SELECT count(*)::int FROM search_names) + (SELECT count(*)::int FROM added) AS total`,
    );
    return row ?? { added: 0, total: 0 };
  }

  /**
   * Runs `write` (an upsert taking the range `($1, $2]`) over consecutive id ranges of at most
   * `batchSize` source rows, each range found by `nextBound`. Returns the rows written.
   */
  private async inBatches(
    nextBound: string,
    start: string,
    write: string,
    batchSize: number,
  ): Promise<number> {
    let written = 0;
    let lo = start;
    for (;;) {
      const [bound] = await this.query<{ hi: string | null }>(nextBound, [lo, batchSize]);
      if (!bound?.hi) {
        return written;
      }
      const rows = await this.query<unknown>(`${write} RETURNING 1`, [lo, bound.hi]);
      written += rows.length;
      lo = bound.hi;
    }
  }

  /** Deletes, batch by batch along the primary key, the rows of one kind that no longer belong. */
  private async removeOrphans(kind: SearchDocumentKindName, batchSize: number): Promise<number> {
    const belongs =
      kind === 'profile'
        ? `EXISTS (SELECT 1 FROM profiles p JOIN users u ON u.id = p.id AND u.deleted_at IS NULL
             WHERE p.id = d.author_id)`
        : `EXISTS (SELECT 1 FROM ${POST_TABLES[kind].table} x ${LIVE_AUTHOR}
             WHERE x.id = d.entity_id::bigint AND ${INDEXABLE[kind]})`;
    let removed = 0;
    let after = '';
    for (;;) {
      const [batch] = await this.query<{ last: string | null; removed: number }>(
        `WITH batch AS (
           SELECT entity_id FROM search_documents WHERE kind = $1 AND entity_id > $2
             ORDER BY kind, entity_id LIMIT $3
         ),
         gone AS (
           DELETE FROM search_documents d USING batch b
             WHERE d.kind = $1 AND d.entity_id = b.entity_id AND NOT ${belongs}
             RETURNING 1
         )
         SELECT (SELECT max(entity_id) FROM batch) AS last, (SELECT count(*)::int FROM gone) AS removed`,
        [kind, after, batchSize],
      );
      if (!batch?.last) {
        return removed;
      }
      removed += batch.removed;
      after = batch.last;
    }
  }
}
