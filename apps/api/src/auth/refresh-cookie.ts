import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH, type Session } from '@datebook/contracts';
import { APP_CONFIG, type AppConfig } from '@datebook/server';
import type { IssuedSession } from './session.service';

/**
 * The refresh token's only way to the browser and back. HttpOnly keeps it from scripts;
 * SameSite=Strict keeps other sites' requests from carrying it (no CSRF token needed); the path
 * sends it to the sign-in and refresh calls only.
 */
@Injectable()
export class RefreshCookie {
  private readonly attributes: string;
  private readonly maxAgeSeconds: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.attributes = [
      `Path=${REFRESH_COOKIE_PATH}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(needsSecure(config.app.publicUrl) ? ['Secure'] : []),
    ].join('; ');
    this.maxAgeSeconds = config.auth.refreshTokenTtlDays * 86_400;
  }

  /** Sets the cookie for the session's refresh token; gives the session as the body carries it. */
  hand(reply: FastifyReply, issued: IssuedSession): Session {
    const { refreshToken, ...session } = issued;
    reply.header(
      'set-cookie',
      `${REFRESH_COOKIE_NAME}=${refreshToken}; Max-Age=${this.maxAgeSeconds}; ${this.attributes}`,
    );
    return session;
  }

  clear(reply: FastifyReply): void {
    reply.header('set-cookie', `${REFRESH_COOKIE_NAME}=; Max-Age=0; ${this.attributes}`);
  }

  read(request: FastifyRequest): string | undefined {
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const [name, ...value] = pair.trim().split('=');
      if (name === REFRESH_COOKIE_NAME && value.length > 0) {
        return value.join('=') || undefined;
      }
    }
    return undefined;
  }
}

/**
 * Secure everywhere browsers honour it: any https origin, and http on a loopback host, which
 * Chromium and Firefox treat as a secure context. Only a plain-http development origin on another
 * host (a phone on the LAN) gets the cookie without it; production is https.
 */
function needsSecure(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}
