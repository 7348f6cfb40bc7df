import { Body, Controller } from '@nestjs/common';
import { gateEndpoints, type AccessGrant } from '@datebook/contracts';
import { Public } from '../auth/auth.decorators';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { GateService } from './gate.service';

@Controller()
export class GateController {
  constructor(private readonly gate: GateService) {}

  @Public()
  @RateLimit({ bucket: 'gate', limit: 60, windowSeconds: 60 })
  @Endpoint(gateEndpoints.check)
  check(@Body() body: { code: string }): AccessGrant {
    return this.gate.check(body.code);
  }
}
