import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';

/** Exported so features (plans) bind their messages on the one server and push to its rooms. */
@Module({ providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeModule {}
