import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides one-time link tokens and codes, keeping the rest of the URL', () => {
    expect(redactUrl('/auth/confirm?token_hash=abc123&type=signup&next=%2Faccount')).toBe(
      '/auth/confirm?token_hash=[redacted]&type=signup&next=%2Faccount',
    );
    expect(redactUrl('/callback?code=4711&state=xyz')).toBe('/callback?code=[redacted]&state=xyz');
  });

  it('recognises credentials however the parameter is spelled', () => {
    for (const name of [
      'token',
      'access_token',
      'refreshToken',
      'X-Amz-Signature',
      'otp',
      'client-secret',
      'token%5Fhash',
    ]) {
      expect(redactUrl(`/x?${name}=s3cr3t`)).toBe(`/x?${name}=[redacted]`);
    }
  });

  it('leaves URLs without credentials alone', () => {
    for (const url of [
      '/api/posts',
      '/explore?q=picnic&cursor=abc',
      '/x?tokenizer=1',
      '/x?flag',
      '/x?',
      '/x?%E0%A4%A=1',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
