import { earlyAccessRequestSchema, feedbackRequestSchema, newsletterSignupRequestSchema } from './forms';
import { messages } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('form schemas', () => {
  it('lowercases and trims the newsletter e-mail', () => {
    expect(newsletterSignupRequestSchema.parse({ email: '  Sam@Example.COM ' })).toEqual({
      name: '',
      email: 'sam@example.com',
    });
  });

  it('asks for the newsletter e-mail before judging its form', () => {
    expect(firstMessage(newsletterSignupRequestSchema.safeParse({ email: ' ' }))).toBe(
      messages.forms.newsletterEmailRequired,
    );
    expect(firstMessage(newsletterSignupRequestSchema.safeParse({ email: 'nope' }))).toBe(
      messages.forms.emailInvalid,
    );
  });

  it('accepts exactly the three feedback types', () => {
    const base = { programVersion: '1.0.0', details: 'Something' };
    for (const feedbackType of ['Defect/Issue', 'Recommendation', 'General']) {
      expect(feedbackRequestSchema.safeParse({ ...base, feedbackType }).success).toBe(true);
    }
    expect(feedbackRequestSchema.safeParse({ ...base, feedbackType: 'general' }).success).toBe(false);
  });

  it('allows feedback without an e-mail but not with a malformed one', () => {
    const base = { programVersion: '1.0.0', details: 'Something', feedbackType: 'General' };
    expect(feedbackRequestSchema.parse(base).email).toBe('');
    expect(firstMessage(feedbackRequestSchema.safeParse({ ...base, email: 'x@' }))).toBe(
      messages.forms.emailInvalid,
    );
  });

  it('needs a name and an e-mail for early access', () => {
    const result = earlyAccessRequestSchema.safeParse({ name: '  ', email: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.forms.nameRequired,
      messages.forms.newsletterEmailRequired,
    ]);
  });
});
