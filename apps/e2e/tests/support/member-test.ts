import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

/**
 * The tests of signed-in screens. Each test is its own client to the api's per-address rate limits
 * (sign-up, sign-in, reset): the api sits behind a trusted loopback proxy and takes the client
 * address from X-Forwarded-For, as it does behind the production load balancer. Without this the
 * suite's dozen sign-ups would share one address and trip the limit a real user never meets.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  },
});

export { expect } from '@playwright/test';
