import { randomUUID } from 'node:crypto';
import { messages } from '@datebook/contracts';
import { createTestApi } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';

const uniqueEmail = (label: string): string => `${label}-${randomUUID()}@Example.COM`;

describe('public forms', () => {
  const api = useTestApi();
  const post = (path: string, payload: unknown) =>
    api.request({ method: 'POST', url: `/api/forms/${path}`, payload: payload as Record<string, unknown> });

  describe('newsletter', () => {
    it('stores the e-mail lowercased and thanks the visitor', async () => {
      const email = uniqueEmail('news');
      const response = await post('newsletter', { name: ' Sam ', email: `  ${email} ` });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: messages.forms.newsletterSuccess });
      const rows = await api.db.query<unknown[]>(
        'SELECT name, email FROM newsletter_emails WHERE email = $1',
        [email.toLowerCase()],
      );
      expect(rows).toEqual([{ name: 'Sam', email: email.toLowerCase() }]);
    });

    it('refuses the same e-mail in any case with the spec text and keeps one row', async () => {
      const email = uniqueEmail('dup');
      expect((await post('newsletter', { name: 'A', email })).statusCode).toBe(201);
      const again = await post('newsletter', { name: 'B', email: email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CONFLICT', message: messages.forms.newsletterDuplicate },
      });
      const [{ count }] = await api.db.query<[{ count: number }]>(
        'SELECT count(*)::int AS count FROM newsletter_emails WHERE email = $1',
        [email.toLowerCase()],
      );
      expect(count).toBe(1);
    });

    it('needs an e-mail', async () => {
      const response = await post('newsletter', { name: 'No mail', email: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: messages.forms.newsletterEmailRequired,
          issues: [{ path: 'email', message: messages.forms.newsletterEmailRequired }],
        },
      });
    });
  });

  describe('feedback', () => {
    it('stores each of the three types with the program version', async () => {
      for (const feedbackType of ['Defect/Issue', 'Recommendation', 'General']) {
        const details = `details ${randomUUID()}`;
        const response = await post('feedback', { programVersion: '0.1.0', feedbackType, details });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ message: messages.forms.feedbackSuccess });
        const rows = await api.db.query<unknown[]>(
          'SELECT feedback_type, program_version, email FROM feedback WHERE details = $1',
          [details],
        );
        expect(rows).toEqual([{ feedback_type: feedbackType, program_version: '0.1.0', email: null }]);
      }
    });

    it('refuses an unknown type and empty details without writing a row', async () => {
      const before = await api.db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM feedback');
      const badType = await post('feedback', { programVersion: '0.1.0', feedbackType: 'Rant', details: 'x' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', issues: [{ path: 'feedbackType' }] },
      });
      const noDetails = await post('feedback', {
        programVersion: '0.1.0',
        feedbackType: 'General',
        details: ' ',
      });
      expect(noDetails.json()).toMatchObject({ error: { message: messages.forms.feedbackDetailsRequired } });
      const after = await api.db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM feedback');
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  });

  describe('early access', () => {
    it('stores the request and its outbox event together', async () => {
      const email = uniqueEmail('early');
      const response = await post('early-access', { name: 'Robin', email });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: messages.forms.earlyAccessSuccess });
      const [request] = await api.db.query<Array<{ id: string; name: string; email: string }>>(
        'SELECT id, name, email FROM early_access WHERE email = $1',
        [email.toLowerCase()],
      );
      expect(request).toMatchObject({ name: 'Robin', email: email.toLowerCase() });
      const events = await api.db.query<Array<{ payload: unknown; correlation_id: string }>>(
        "SELECT payload, correlation_id FROM outbox WHERE event_type = 'early-access.requested' AND payload->>'earlyAccessId' = $1",
        [request!.id],
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.correlation_id).toEqual(response.headers['x-request-id']);
    });

    it('gives the duplicate text and leaves no second event behind', async () => {
      const email = uniqueEmail('early-dup');
      await post('early-access', { name: 'Robin', email });
      const again = await post('early-access', { name: 'Robin again', email });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CONFLICT', message: messages.forms.earlyAccessDuplicate },
      });
      const [{ n }] = await api.db.query<[{ n: number }]>(
        `SELECT count(*)::int AS n FROM outbox o JOIN early_access e ON o.payload->>'earlyAccessId' = e.id::text
          WHERE e.email = $1`,
        [email.toLowerCase()],
      );
      expect(n).toBe(1);
    });

    it('needs a name and a valid e-mail', async () => {
      const response = await post('early-access', { name: '', email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      const issues = response.json<{ error: { issues: Array<{ path: string; message: string }> } }>().error
        .issues;
      expect(issues).toEqual(
        expect.arrayContaining([
          { path: 'name', message: messages.forms.nameRequired },
          { path: 'email', message: messages.forms.emailInvalid },
        ]),
      );
    });
  });

  it('limits how often one address may submit', async () => {
    const limited = await createTestApi();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const response = await limited.request({
          method: 'POST',
          url: '/api/forms/feedback',
          payload: { programVersion: '0.1.0', feedbackType: 'General', details: `n${attempt}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            error: { code: 'RATE_LIMITED', message: messages.errors.rateLimited },
          });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
