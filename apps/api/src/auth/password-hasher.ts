import { hash, verify } from '@node-rs/argon2';

/** Argon2id at the OWASP baseline (19 MiB, t=2, p=1): about 15 ms a hash on these machines. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Checked against when the e-mail is unknown, so a miss costs as long as a wrong password. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Jv0Xz6hJ3yZkqNwH4t0w1T0HnDq9t8n9pQ0yX6h8y5A';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
