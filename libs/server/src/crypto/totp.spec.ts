import { base32Decode, base32Encode, generateTotpSecret, totpCode, totpUri, verifyTotp } from './totp';
import { open, seal } from './secret-box';
import { randomBytes } from 'node:crypto';

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", truncated to 6 digits.
  const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC test vector at %d s', (seconds, code) => {
    expect(totpCode(rfcSecret, seconds * 1000)).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = randomBytes(20);
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
  });

  it('accepts one step of drift either way, not two', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(secret, '12345', now)).toBe(false);
  });

  it('builds the otpauth URI authenticator apps scan', () => {
    expect(totpUri('ABC', 'sam@example.com', 'Datebook')).toBe(
      'otpauth://totp/Datebook%3Asam%40example.com?secret=ABC&issuer=Datebook&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('secret box', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the plain text', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered or foreign secret', () => {
    const sealed = seal(key, 'secret');
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => open(key, tampered)).toThrow();
    expect(() => open(randomBytes(32), sealed)).toThrow();
  });
});
