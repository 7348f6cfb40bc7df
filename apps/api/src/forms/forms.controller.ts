import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  formEndpoints,
  type EarlyAccess,
  type Feedback,
  type FormAccepted,
  type NewsletterSignup,
} from '@datebook/contracts';
import { Public } from '../auth/auth.decorators';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { FormsService } from './forms.service';

const formsLimit = { limit: 30, windowSeconds: 600 } as const;

@Controller()
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  @Public()
  @RateLimit({ bucket: 'newsletter', ...formsLimit })
  @Endpoint(formEndpoints.newsletter)
  newsletter(@Body() body: NewsletterSignup): Promise<FormAccepted> {
    return this.forms.signUpForNewsletter(body);
  }

  @Public()
  @RateLimit({ bucket: 'feedback', ...formsLimit })
  @Endpoint(formEndpoints.feedback)
  feedback(@Body() body: Feedback): Promise<FormAccepted> {
    return this.forms.sendFeedback(body);
  }

  @Public()
  @RateLimit({ bucket: 'early-access', ...formsLimit })
  @Endpoint(formEndpoints.earlyAccess)
  earlyAccess(@Body() body: EarlyAccess, @Req() request: FastifyRequest): Promise<FormAccepted> {
    return this.forms.requestEarlyAccess(body, request.id);
  }
}
