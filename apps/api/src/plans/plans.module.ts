import { Module } from '@nestjs/common';
import { PostUploads } from '../posts/post-uploads';
import { RealtimeModule } from '../realtime/realtime.module';
import { PlanBroadcast } from './plan-broadcast';
import { PlanCompletion } from './plan-completion';
import { PlanOpLookups } from './plan-op-lookups';
import { PlanOperationsService } from './plan-operations.service';
import { PlansController } from './plans.controller';
import { PlansGateway } from './plans.gateway';
import { PlansService } from './plans.service';

@Module({
  imports: [RealtimeModule],
  controllers: [PlansController],
  providers: [
    PlansService,
    PlanOperationsService,
    PlanCompletion,
    PlanOpLookups,
    PlanBroadcast,
    PlansGateway,
    // The posts' upload path, for the recap's new photos (it holds no state of its own).
    PostUploads,
  ],
})
export class PlansModule {}
