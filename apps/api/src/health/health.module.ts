import { Module } from '@nestjs/common';
import { DrainState } from '../lifecycle/drain-state';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [DrainState], exports: [DrainState] })
export class HealthModule {}
