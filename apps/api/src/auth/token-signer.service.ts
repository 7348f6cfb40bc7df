import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import { accessClaimsSchema, type AccessClaims } from '@datebook/contracts';
import { APP_CONFIG, UnauthenticatedError, type AppConfig } from '@datebook/server';

const ALGORITHM = 'ES256';

/**
 * Signs and verifies access JWTs with an asymmetric key whose id travels in the header; the public
 * half is published at /.well-known/jwks.json so other services can verify without a secret.
 */
@Injectable()
export class TokenSigner implements OnModuleInit {
  private privateKey!: CryptoKey;
  private publicKey!: CryptoKey;
  private publicJwk!: JWK;
  private keyId!: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    const pem = this.config.auth.jwtPrivateKey || (await this.developmentKey());
    this.privateKey = await importPKCS8(pem, ALGORITHM, { extractable: true });
    const jwk = await exportJWK(this.privateKey);
    const { d: _private, ...publicJwk } = jwk;
    // The key id is a fingerprint of the public key: stable across replicas sharing the key.
    this.keyId = createHash('sha256')
      .update(`${publicJwk.x}.${publicJwk.y}`)
      .digest('base64url')
      .slice(0, 16);
    this.publicJwk = { ...publicJwk, kid: this.keyId, alg: ALGORITHM, use: 'sig' };
    this.publicKey = (await importJWK(publicJwk, ALGORITHM)) as CryptoKey;
  }

  private async developmentKey(): Promise<string> {
    const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    return exportPKCS8(privateKey);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async sign(claims: Omit<AccessClaims, 'iat' | 'exp'>): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.config.auth.accessTokenTtlSeconds;
    const token = await new SignJWT({
      sid: claims.sid,
      aal: claims.aal,
      naal: claims.naal,
      role: claims.role,
      ...(claims.recovery ? { recovery: true } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.keyId, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.config.app.publicUrl)
      .setAudience('authenticated')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.privateKey);
    return { token, expiresAt };
  }

  /** Checks signature, issuer, audience and expiry; any failure is "no session". */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ALGORITHM],
        issuer: this.config.app.publicUrl,
        audience: 'authenticated',
      });
      return accessClaimsSchema.parse(payload);
    } catch {
      throw new UnauthenticatedError();
    }
  }
}
