import { earlyAccessAckMail } from './early-access-ack.mail';

describe('earlyAccessAckMail', () => {
  it('greets the requester by name at their address', () => {
    const mail = earlyAccessAckMail({ name: 'Robin', email: 'robin@example.com' });
    expect(mail.to).toBe('robin@example.com');
    expect(mail.text).toMatch(/^Hi Robin,/);
  });

  it('never lets a name inject markup into the HTML part', () => {
    const mail = earlyAccessAckMail({ name: '<img src=x onerror=alert(1)>', email: 'x@example.com' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img');
  });
});
