import { createHmac } from 'node:crypto';

/** RFC 6238 as authenticator apps do it: HMAC-SHA-1 over 30-second steps, 6 digits. */
const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index === -1) {
      throw new Error(`Not a base32 secret: ${text}`);
    }
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code an authenticator app shows for `secret` at `atMs`. */
export function totpCode(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / STEP_SECONDS)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

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
