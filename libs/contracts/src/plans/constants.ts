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

/**
 * How many operations one member may send to one plan, counted in Redis across REST, every socket
 * and every api replica (design: Share links). A person edits a plan a field or a row at a time,
 * each sent when it is made (a title when its field is left), so even a quick run of adds,
 * retimes and undos stays far below sixty in ten seconds, while a script is held to six a second.
 * Beyond it an op is answered RATE_LIMITED, which the client's queue resends later under the same
 * op id.
 */
export const PLAN_MEMBER_OP_LIMIT = { limit: 60, windowSeconds: 10 } as const;

/**
 * How many new plans a member may start in an hour, across REST, sockets and replicas: far above a
 * person planning, low enough that a script cannot fill the plans table. Beyond it a create is
 * answered RATE_LIMITED (REST: 429 with Retry-After); a replayed create is not counted.
 */
export const PLAN_CREATE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

/**
 * A share link's token: 32 random bytes in unpadded base64url (43 characters), made by the
 * database (migration PlanShareTokens). It is the link's only secret: the plan id opens nothing.
 */
export const PLAN_SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Live editing (design: Access): what one socket may send. The socket's window is a cheap guard of
 * one connection, kept in memory in front of PLAN_MEMBER_OP_LIMIT, the member's limit in Redis.
 */
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
  /** A create sent again after the plan it made was deleted: delete wins. */
  createdPlanDeleted: 'This plan was deleted.',
  readOnly: 'This plan is completed and can no longer be changed.',
  locked: 'The title and date are locked. Unlock them to change them.',
  lockNeedsPrepared: 'The title and date can be locked only while the plan is prepared.',
  onlyOwnerCanLock: 'Only the plan owner can lock the title and date.',
  onlyOwnerCanInvite: 'Only the plan owner can invite collaborators.',
  onlyOwnerCanRemoveCollaborators: 'Only the plan owner can remove collaborators.',
  onlyOwnerCanResetShareLink: 'Only the plan owner can reset the share link.',
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

/** Texts of the share link's reset (issue 22): the owner ends the old link and gets a new one. */
export const planShareMessages = {
  resetLink: 'Reset link',
  confirmTitle: 'Reset the share link?',
  confirmMessage:
    'The link you shared stops working for everyone who has it. Share the plan again to send the new link.',
  done: 'Share link reset. The old link no longer works.',
} as const;
