/** Business constants of spec section 9 and the enumerations of section 3. */
export const TITLE_MAX_LENGTH = 80;

export const BUDGETS = ['Free', '$', '$$', '$$$'] as const;
export type Budget = (typeof BUDGETS)[number];

export const MOODS = ['Fun', 'Chill', 'Upscale', 'Spontaneous', 'Intimate', 'Exciting', 'Relaxing'] as const;
export const EXPLORE_MOODS = ['Adventurous', 'Romantic', 'Relaxing'] as const;

export const TIME_REQUIRED = [
  'Any',
  'Under 30 minutes',
  'Under 1 hour',
  'Under 4 hours',
  'Full Day',
  'Full Weekend',
] as const;

export const LOCATION_TYPES = ['Anywhere', 'Indoor', 'Outdoor', 'Site Specific'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const PLAN_STATUSES = ['draft', 'prepared', 'completed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLANNED_ACTIVITY_STATUSES = ['scheduled', 'unscheduled'] as const;
export type PlannedActivityStatus = (typeof PLANNED_ACTIVITY_STATUSES)[number];

export const SORT_OPTIONS = ['Relevance', 'Newest', 'Most Popular', 'Highest Rated'] as const;
export const SPECIFICITY_OPTIONS = ['Any', 'Site-specific', 'Non site-specific'] as const;

export const ACCESS_TYPES = ['standard', 'admin'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const CATEGORY_APPLIES_TO = ['activity', 'date', 'both'] as const;
export type CategoryAppliesTo = (typeof CATEGORY_APPLIES_TO)[number];

export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_KINDS = ['activity', 'date', 'avatar', 'collection'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const FEEDBACK_TYPES = ['Defect/Issue', 'Recommendation', 'General'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const CARD_SIZES = ['full', 'long', 'slim', 'compact'] as const;

export const CROP = { aspect: 1, minZoom: 1, maxZoom: 3, zoomStep: 0.1 } as const;
export const DEFAULT_SCHEDULE_SLOT = { beginHour: 9, endHour: 10 } as const;

export const PAGE_SIZES = {
  search: 10,
  recentPostsInPopup: 3,
  recommendations: 3,
  suggestedCreatorsShown: 4,
  suggestedCreatorsQuerySignedIn: 5,
  suggestedCreatorsQueryVisitor: 4,
  collectionsPreview: 2,
  plannedPreview: 3,
  feed: 20,
} as const;

/** Data cache settings of spec section 9, used by the web client's query client. */
export const QUERY_CACHE = {
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 30 * 60_000,
  retries: 3,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
} as const;

/** The PostgreSQL error code for a unique violation: the spec's duplicate rules key off it. */
export const UNIQUE_VIOLATION = '23505';

/** Local storage keys of spec section 3. */
export const STORAGE_KEYS = {
  searchQuery: 'searchQuery',
  searchFilters: 'searchFilters',
  accessGrant: 'datebook.accessGrant',
} as const;
