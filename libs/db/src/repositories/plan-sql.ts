import type { Budget, PlanStatus, PlannedActivityStatus } from '@datebook/contracts';
import { visiblePostSql } from './post-tables';

/** Who a member is on a plan. */
export type PlanRole = 'owner' | 'collaborator';

/** A plan's own row. */
export interface PlanRow {
  id: string;
  owner_id: string;
  title: string;
  status: PlanStatus;
  /** A calendar day, 'YYYY-MM-DD'. */
  date: string | null;
  /** The IANA zone the date and times are wall-clock values in. */
  time_zone: string;
  locked: boolean;
  /** The version of the last applied operation (0 = none). */
  version: string;
  published_date_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * An entry of a plan's timeline with what its linked activity contributes. Times are ISO strings in
 * UTC with milliseconds ('2025-03-05T09:00:00.000Z'). `activity_title`, `activity_location`,
 * `activity_cover_key` and `activity_budget` are null when there is no linked activity (custom
 * entry, or the activity was deleted) and, where a reader is named, when that reader may not see it.
 */
export interface PlanEntryRow {
  id: string;
  client_ref: string;
  activity_id: string | null;
  is_custom: boolean;
  custom_location: string | null;
  custom_details: string | null;
  begins_at: string | null;
  ends_at: string | null;
  status: PlannedActivityStatus;
  /** The tombstone; always null in a document. */
  deleted_at: string | null;
  activity_title: string | null;
  activity_location: string | null;
  activity_cover_key: string | null;
  activity_budget: Budget | null;
}

/** A profile as a plan page shows a person. */
export interface PlanPersonRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
}

export const PLAN_COLUMNS = `pd.id, pd.owner_id, pd.title, pd.status, pd.date::text AS date, pd.time_zone, pd.locked, pd.version,
  pd.published_date_id, pd.created_at, pd.updated_at`;

/** A timestamptz as an ISO string in UTC with milliseconds, the shape the contracts carry. */
export const isoSql = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The cover of activity `activity`: its lowest-positioned ready media item (spec section 3,
 * post_media), a photo's display rendition or a video's poster frame. Served by post_media_activity_idx.
 */
export const activityCoverSql = (activity: string): string => `(SELECT CASE WHEN m.media_type = 'photo'
      THEN m.display_key ELSE m.variants #>> '{poster,key}' END
    FROM post_media m WHERE m.activity_id = ${activity}.id AND m.status = 'ready' ORDER BY m.position, m.id LIMIT 1)`;

/**
 * The linked activity of entries `pe`, joined as `a` with its author `ap`. With a reader ('$2',
 * 'NULL' for a visitor) the join keeps only an activity that reader may see, so a hidden one leaves
 * the linked columns null (the entry then shows as 'Planned activity'); without one it is unfiltered.
 */
export const linkedActivityJoinSql = (reader?: string): string =>
  reader === undefined
    ? 'LEFT JOIN activities a ON a.id = pe.activity_id'
    : `LEFT JOIN (activities a JOIN profiles ap ON ap.id = a.user_id)
         ON a.id = pe.activity_id AND ${visiblePostSql('activity', 'a', 'ap', reader)}`;

/** The entry columns over `pe` and its linked activity `a`, as a row. */
export const ENTRY_COLUMNS = `pe.id, pe.client_ref, pe.activity_id, pe.is_custom, pe.custom_location, pe.custom_details,
  ${isoSql('pe.begins_at')} AS begins_at, ${isoSql('pe.ends_at')} AS ends_at, pe.status,
  ${isoSql('pe.deleted_at')} AS deleted_at,
  a.title::text AS activity_title, a.location AS activity_location, ${activityCoverSql('a')} AS activity_cover_key,
  a.budget AS activity_budget`;

/** The same entry as a JSON object (bigint ids as text, like every row), for one-statement documents. */
export const ENTRY_JSON = `json_build_object('id', pe.id::text, 'client_ref', pe.client_ref,
  'activity_id', pe.activity_id::text, 'is_custom', pe.is_custom, 'custom_location', pe.custom_location,
  'custom_details', pe.custom_details, 'begins_at', ${isoSql('pe.begins_at')}, 'ends_at', ${isoSql('pe.ends_at')},
  'status', pe.status, 'deleted_at', ${isoSql('pe.deleted_at')}, 'activity_title', a.title::text,
  'activity_location', a.location, 'activity_cover_key', ${activityCoverSql('a')}, 'activity_budget', a.budget)`;

/** Timeline order: by start, entries without one last, then in the order they were added. */
export const ENTRY_ORDER = 'pe.begins_at NULLS LAST, pe.created_at, pe.id';
