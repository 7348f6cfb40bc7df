import { POST_LIMITS } from '../posts/constants';

/* The limits of plans and their live editing, and the texts of the plan rules the spec leaves unworded. */

export const PLAN_LIMITS = {
  /** Rows of one plan's timeline (the design's "up to ~50 activity rows"); removed rows do not count. */
  activities: 50,
  /**
   * People invited to one plan. A date is planned by a handful of people; twenty keeps every
   * member's room, presence list and invite dialog small while leaving room for a group outing.
   */
  collaborators: 20,
  customLocation: POST_LIMITS.location,
  customDetails: 2000,
  /** A client's id for itself (a tab), chosen by the client. */
  clientId: 64,
  /** An IANA zone name; the longest real one is about 30 characters. */
  timeZone: 64,
  /** Photos of a recap: the limit of any date post. */
  publishPhotos: POST_LIMITS.media,
} as const;

/** Live editing (design: Access): what one socket may send. */
export const PLAN_SOCKET_LIMITS = {
  opsPerWindow: 30,
  windowMs: 10_000,
  payloadBytes: 64 * 1024,
} as const;

/**
 * How far back a rejoining client is sent the missed events; further behind, it gets a snapshot.
 * 500 is minutes of a busy plan's edits, and still one small answer.
 */
export const PLAN_CATCH_UP_EVENTS = 500;

export const PLAN_LIST_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;

/** /saved/planned's two sections (spec section 2), or both (the /saved preview). */
export const PLAN_LIST_SCOPES = ['drafts', 'shared', 'all'] as const;
export type PlanListScope = (typeof PLAN_LIST_SCOPES)[number];

export const PLAN_ROLES = ['owner', 'collaborator'] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];

/** Texts of the plan rules that the spec leaves unworded. */
export const planMessages = {
  notFound: 'This plan could not be found.',
  alreadyCreated: 'This plan has already been created.',
  readOnly: 'This plan is completed and can no longer be changed.',
  locked: 'The title and date are locked. Unlock them to change them.',
  lockNeedsPrepared: 'The title and date can be locked only while the plan is prepared.',
  onlyOwnerCanLock: 'Only the plan owner can lock the title and date.',
  onlyOwnerCanInvite: 'Only the plan owner can invite collaborators.',
  onlyOwnerCanRemoveCollaborators: 'Only the plan owner can remove collaborators.',
  accessRevoked: 'You no longer have access to this plan.',
  activityGone: 'This activity is no longer in the plan.',
  collaboratorGone: 'This person is no longer a collaborator on this plan.',
  duplicateRef: 'This activity is already in the plan.',
  activityNotFound: 'This activity could not be found.',
  alreadyScheduled: 'This activity is already scheduled.',
  onlyCustomEditable: 'Only custom activities can be edited.',
  editNothing: 'Change the location or the details.',
  tooManyActivities: `A plan can have at most ${PLAN_LIMITS.activities} activities.`,
  tooManyCollaborators: `A plan can have at most ${PLAN_LIMITS.collaborators} collaborators.`,
  inviteFollowedOnly: 'You can invite only people you follow.',
  inviteNobody: 'Choose someone to invite.',
  prepareNeedsTitle: 'Add a title before preparing your plan.',
  prepareNeedsDate: 'Choose a date before preparing your plan.',
  prepareNeedsActivity: 'Add at least one activity before preparing your plan.',
  alreadyDraft: 'This plan is already a draft.',
  alreadyPrepared: 'This plan is already prepared.',
  completeNeedsPrepared: 'Prepare the plan before marking the date completed.',
  photoGone: 'One of the chosen photos is no longer in the plan.',
  invalidTimeZone: 'Choose a valid time zone.',
  invalidTime: 'Choose a valid time.',
  customLocationTooLong: `Location must be ${PLAN_LIMITS.customLocation} characters or less`,
  customDetailsTooLong: `Details must be ${PLAN_LIMITS.customDetails} characters or less`,
  tooManyInvitees: `Invite at most ${PLAN_LIMITS.collaborators} people at once.`,
} as const;

/** Texts of live co-editing (#14): connection status, presence, conflicts, undo, history. */
export const planLiveMessages = {
  offline: 'Offline — your changes will sync',
  syncing: 'Syncing your changes…',
  /** Beside the status: how many edits wait to be delivered. */
  waiting: (count: number): string => `${count} waiting`,
  replacedChange: (name: string): string => `You replaced ${name}'s change`,
  /** Under a field the member is typing in, when someone else changed what it holds meanwhile. */
  changedWhileTyping: (name: string, value: string): string => `${name} changed this to ${value}`,
  undo: 'Undo',
  undoLabel: 'Undo your last change',
  nothingToUndo: 'Nothing to undo.',
  undoSkipped: 'That change was already replaced, so it was not undone.',
  peopleHere: 'People here now',
  hidePresence: 'Hide my presence',
  history: 'History',
  historyEmpty: 'No changes yet.',
  unableToLoadHistory: 'Unable to load the history right now.',
  loadMore: 'Load more',
  addToCalendar: 'Add to calendar',
  budgetSummary: 'Budget',
} as const;
