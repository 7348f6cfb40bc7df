import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { InfrastructureModule, type AppConfig } from '@datebook/server';
import { AuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { CategoriesModule } from './categories/categories.module';
import { CollectionsModule } from './collections/collections.module';
import { ExploreModule } from './explore/explore.module';
import { FeedModule } from './feed/feed.module';
import { FollowsModule } from './follows/follows.module';
import { FormsModule } from './forms/forms.module';
import { GateModule } from './gate/gate.module';
import { HealthModule } from './health/health.module';
import { MediaModule } from './media/media.module';
import { PlansModule } from './plans/plans.module';
import { PostsModule } from './posts/posts.module';
import { ProfilesModule } from './profiles/profiles.module';
import { SearchModule } from './search/search.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RealtimeModule } from './realtime/realtime.module';
import { SystemController } from './system/system.controller';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, 'api'),
        AuthModule,
        HealthModule,
        GateModule,
        FormsModule,
        ProfilesModule,
        FollowsModule,
        MediaModule,
        CategoriesModule,
        PostsModule,
        CollectionsModule,
        FeedModule,
        SearchModule,
        ExploreModule,
        RealtimeModule,
        PlansModule,
      ],
      controllers: [SystemController],
      providers: [
        // Order matters: who you are is checked before how often you may ask.
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
