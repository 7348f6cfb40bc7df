import { createTestApi } from '../testing/test-api';

describe('Socket.IO Redis adapter shutdown', () => {
  it('closes an api whose adapter connections are still opening without a rejected command', async () => {
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', record);
    try {
      for (let round = 0; round < 5; round += 1) {
        const api = await createTestApi();
        await api.close();
      }
      // Rejections surface on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(rejections.map(String)).toEqual([]);
  });
});
