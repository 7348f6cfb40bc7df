import { Controller, Inject } from '@nestjs/common';
import { systemEndpoints, type AppInfo } from '@datebook/contracts';
import { APP_CONFIG, type AppConfig } from '@datebook/server';
import { Public } from '../auth/auth.decorators';
import { Endpoint } from '../http/endpoint.decorator';

@Controller()
export class SystemController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Endpoint(systemEndpoints.info)
  info(): AppInfo {
    return { name: this.config.app.name, version: this.config.app.version };
  }
}
