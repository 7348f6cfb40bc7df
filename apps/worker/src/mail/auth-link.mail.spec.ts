import { authLinkMail, authLinkUrl } from './auth-link.mail';

describe('authLinkMail', () => {
  it('links the old address to undoing an e-mail change, telling its owner what to do if it was not them', () => {
    const url = authLinkUrl('https://datebook.example', 'email_change_undo', 'raw-token');
    expect(new URL(url).searchParams.get('type')).toBe('email_change_undo');
    const mail = authLinkMail({
      to: 'old@example.com',
      username: 'ada',
      purpose: 'email_change_undo',
      url,
      ttlMinutes: 10_080,
    });
    expect(mail).toMatchObject({
      to: 'old@example.com',
      subject: 'Your Datebook e-mail address is being changed',
    });
    expect(mail.text).toContain(`Undo the change: ${url}`);
    expect(mail.text).toContain('If it was you, ignore this e-mail.');
  });
});
