import { Controller, Get } from '@nestjs/common';
import type { JWK } from 'jose';
import { Public } from './auth.decorators';
import { TokenSigner } from './token-signer.service';

/** The public signing keys, at the well-known path outside the /api prefix. */
@Controller()
export class JwksController {
  constructor(private readonly signer: TokenSigner) {}

  @Public()
  @Get('.well-known/jwks.json')
  jwks(): { keys: JWK[] } {
    return this.signer.jwks();
  }
}
