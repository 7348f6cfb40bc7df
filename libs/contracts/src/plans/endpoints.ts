import { defineEndpoint } from '../endpoint';
import { planCatchUpSchema, planOpAcceptedSchema, planOpRequestSchema } from './protocol';
import {
  collaboratorChoiceListSchema,
  planDocumentSchema,
  planListSchema,
  planShareLinkSchema,
  sharedPlanSchema,
} from './read-models';
import { planHistoryQuerySchema, planHistorySchema } from './history';
import { createPlanRequestSchema, planEventsQuerySchema, planListQuerySchema } from './requests';

/*
 * Plans. Only the owner and the collaborators read a plan or change it; anyone else is answered as
 * if it did not exist. Every change, deleting included, is an operation posted to `/plans/:id/ops`
 * — the same code path as the socket's `plan.op`.
 */

export const planEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/plans',
    tag: 'plans',
    summary:
      'Your plans, newest update first: `drafts` (your own drafts), `shared` (non-draft plans you own or collaborate on) or `all`.',
    query: planListQuerySchema,
    response: planListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/plans',
    tag: 'plans',
    summary: 'Start a draft plan with a title (and a date); sending the same opId again returns that plan.',
    body: createPlanRequestSchema,
    response: planDocumentSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/plans/:id',
    tag: 'plans',
    summary: 'A plan you own or collaborate on, at its current version.',
    response: planDocumentSchema,
  }),
  op: defineEndpoint({
    method: 'POST',
    path: '/plans/:id/ops',
    tag: 'plans',
    summary:
      "Apply one operation (checked against the plan as it stands, then pushed to the plan's room); a replayed opId returns the first answer. A refusal is an error with the rule's text (see planRefusalErrorCode).",
    body: planOpRequestSchema,
    response: planOpAcceptedSchema,
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/plans/:id/events',
    tag: 'plans',
    summary:
      'What happened after version `since`: the events in order, or the whole plan when that is too far back.',
    query: planEventsQuerySchema,
    response: planCatchUpSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/plans/:planId/history',
    tag: 'plans',
    summary:
      'The applied operations, newest first, `limit` at a time before version `before`, with the people and row titles they mention.',
    query: planHistoryQuerySchema,
    response: planHistorySchema,
  }),
  collaboratorChoices: defineEndpoint({
    method: 'GET',
    path: '/plans/:id/collaborator-choices',
    tag: 'plans',
    summary: "The plan owner's followed profiles (never admins), marking those already invited.",
    response: collaboratorChoiceListSchema,
  }),
  shared: defineEndpoint({
    method: 'GET',
    path: '/plans/shared/:username/:shareToken',
    tag: 'plans',
    summary:
      "A non-draft plan through its share link, for anyone holding the link's token, only when `username` is the owner's: what the owner means to show. Any other link answers 'Shared plan not found.' alike.",
    response: sharedPlanSchema,
  }),
  shareLink: defineEndpoint({
    method: 'GET',
    path: '/plans/:id/share-link',
    tag: 'plans',
    summary: "The token of the plan's share link, for its owner and collaborators.",
    response: planShareLinkSchema,
  }),
  resetShareLink: defineEndpoint({
    method: 'POST',
    path: '/plans/:id/share-link/reset',
    tag: 'plans',
    summary: 'The owner gives the plan a new share link; the old one opens nothing from then on.',
    response: planShareLinkSchema,
    status: 200,
  }),
};
