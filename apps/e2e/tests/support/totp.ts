import { totpCode } from '@datebook/server/crypto';

export { totpCode };

/**
 * The next code that differs from `used`: the api accepts each code once, so a second sign-in waits,
 * as a person would, for the app to show a new one.
 */
export async function nextTotpCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (code !== used) {
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
