import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  planEndpoints,
  type CollaboratorChoiceList,
  type CreatePlan,
  type PlanCatchUp,
  type PlanDocument,
  type PlanEventsParams,
  type PlanHistory,
  type PlanHistoryParams,
  type PlanList,
  type PlanListParams,
  type PlanOpAccepted,
  type PlanOpRequest,
  type PlanShareLink,
  type SharedPlan,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { PlanHistoryService } from './plan-history.service';
import { PlanOperationsService } from './plan-operations.service';
import { PlanShareLinksService } from './plan-share-links.service';
import { PlansService } from './plans.service';

@Controller()
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly operations: PlanOperationsService,
    private readonly history: PlanHistoryService,
    private readonly shareLinks: PlanShareLinksService,
  ) {}

  @Authenticated()
  @Endpoint(planEndpoints.list)
  list(@CurrentViewer() viewer: Viewer, @Query() query: PlanListParams): Promise<PlanList> {
    return this.plans.list(viewer, query);
  }

  @Authenticated()
  @Endpoint(planEndpoints.create)
  create(@CurrentViewer() viewer: Viewer, @Body() body: CreatePlan): Promise<PlanDocument> {
    return this.operations.create(viewer, body);
  }

  /**
   * The share link: no sign-in, and the access-code gate is the web app's alone (the api has no
   * gate on reads), so anyone with the link reaches it. Limited per address like other public reads.
   */
  @Public()
  @RateLimit({ bucket: 'shared-plan', limit: 120, windowSeconds: 60 })
  @Endpoint(planEndpoints.shared)
  shared(@Param('username') username: string, @Param('shareToken') shareToken: string): Promise<SharedPlan> {
    return this.plans.shared(username, shareToken);
  }

  @Authenticated()
  @Endpoint(planEndpoints.shareLink)
  shareLink(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<PlanShareLink> {
    return this.shareLinks.link(viewer, id);
  }

  @Authenticated()
  @Endpoint(planEndpoints.resetShareLink)
  resetShareLink(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<PlanShareLink> {
    return this.shareLinks.reset(viewer, id);
  }

  @Authenticated()
  @Endpoint(planEndpoints.get)
  get(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<PlanDocument> {
    return this.plans.get(viewer, id);
  }

  @Authenticated()
  @Endpoint(planEndpoints.op)
  op(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: PlanOpRequest,
    @Req() request: FastifyRequest,
  ): Promise<PlanOpAccepted> {
    return this.operations.applyOrThrow(viewer, id, body, { via: 'rest', correlationId: request.id });
  }

  @Authenticated()
  @Endpoint(planEndpoints.events)
  events(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query() query: PlanEventsParams,
  ): Promise<PlanCatchUp> {
    return this.plans.catchUp(viewer, id, query.since);
  }

  @Authenticated()
  @Endpoint(planEndpoints.history)
  historyPage(
    @CurrentViewer() viewer: Viewer,
    @Param('planId') planId: string,
    @Query() query: PlanHistoryParams,
  ): Promise<PlanHistory> {
    return this.history.history(viewer, planId, query);
  }

  @Authenticated()
  @Endpoint(planEndpoints.collaboratorChoices)
  collaboratorChoices(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
  ): Promise<CollaboratorChoiceList> {
    return this.plans.collaboratorChoices(viewer, id);
  }
}
