import { randomInt } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import { GRANTED_STATE } from './storage-states';

interface MemberFixtures {
  /**
   * A second, separate browser (its own storage, so its own session) for another member, past the
   * gate like the test's own page. Closed after the test.
   */
  otherPage: Page;
}

/**
 * The tests of signed-in screens. Each test is its own client to the api's per-address rate limits
 * (sign-up, sign-in, reset): the api sits behind a trusted loopback proxy and takes the client
 * address from X-Forwarded-For, as it does behind the production load balancer. Without this the
 * suite's many sign-ups would share one address and trip limits a real user never meets.
 */
export const test = base.extend<MemberFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  },
  otherPage: async ({ browser, extraHTTPHeaders, viewport }, use) => {
    const context = await browser.newContext({ storageState: GRANTED_STATE, viewport, extraHTTPHeaders });
    await use(await context.newPage());
    await context.close();
  },
});

export { expect } from '@playwright/test';
