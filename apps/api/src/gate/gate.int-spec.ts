import { messages } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';

describe('access-code gate', () => {
  const api = useTestApi({ env: { ACCESS_CODES: 'first-code, second-code' } });
  const check = (code: unknown) => api.request({ method: 'POST', url: '/api/gate/check', payload: { code } });

  it('grants every configured code, trimmed', async () => {
    for (const code of ['first-code', '  second-code ']) {
      const response = await check(code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ granted: true });
    }
  });

  it('refuses a wrong code, a prefix of a right one, and a different case', async () => {
    for (const code of ['nope', 'first', 'FIRST-CODE']) {
      const response = await check(code);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_ACCESS_CODE', message: messages.gate.invalidCode },
      });
    }
  });

  it('asks for a code when none is given', async () => {
    const response = await check('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: messages.gate.codeRequired } });
  });
});
