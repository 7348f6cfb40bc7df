import { afterEach, describe, expect, it } from 'vitest';
import { messages, planMessages, type PlanOpRequestInput } from '@datebook/contracts';
import { PlanTransientError } from '@datebook/domain';
import type { LiveSocket } from '@/lib/live-socket';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse } from '@/testing/fetch-mock';
import { writeHidePresence } from '../presence-preference';
import { fakeLiveSocket } from '../testing/plan-fixtures';
import { restChannel, socketChannel } from './plan-channel';

const request: PlanOpRequestInput = {
  opId: '0190d7a8-7a4e-7c3e-9e6f-000000000001',
  clientId: 'web-test',
  baseVersion: 3,
  op: { type: 'plan.update', field: 'title', value: 'Beach day' },
};

function liveChannel() {
  const live = fakeLiveSocket();
  return { live, channel: socketChannel(live.socket as unknown as LiveSocket, '42') };
}

afterEach(() => {
  liveSocketRegistry.publish(null);
});

describe('socketChannel', () => {
  // The channel itself is libs/domain's socketPlanChannel, tested there; the web adds the preference.
  it('joins shown by default and hidden once the member chose to hide', async () => {
    const { live, channel } = liveChannel();
    live.answer('plan.join', () => ({ ok: true, role: 'owner', version: 3, events: [] }));

    await channel.catchUp(3);
    writeHidePresence(true);
    await channel.catchUp(3);

    expect(live.sentOf('plan.join').map((message) => message.payload)).toEqual([
      { planId: '42', sinceVersion: 3 },
      { planId: '42', sinceVersion: 3, hidden: true },
    ]);
  });
});

describe('restChannel', () => {
  it('turns error statuses into refusals, a 429 into a hold-back to resend later', async () => {
    const answers = [
      errorResponse(429, 'RATE_LIMITED', messages.errors.rateLimited),
      errorResponse(404, 'NOT_FOUND', planMessages.notFound),
    ];
    mockApiRoutes({ 'POST /api/plans/42/ops': () => answers.shift() ?? errorResponse(500, 'INTERNAL', 'x') });
    const channel = restChannel('42');

    await expect(channel.send(request)).resolves.toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    await expect(channel.send(request)).resolves.toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: planMessages.notFound,
    });
    await expect(channel.send(request)).rejects.toBeInstanceOf(PlanTransientError);
  });
});
