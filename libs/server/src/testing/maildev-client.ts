import { maildevUrl } from './test-services';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
}

/** Mail caught by MailDev for one recipient, read through its REST API. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${maildevUrl()}/email`);
  if (!response.ok) {
    throw new Error(`MailDev answered ${response.status}`);
  }
  const all = (await response.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Polls until `predicate` holds, failing with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  predicate: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!predicate(last)) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await probe();
  }
  return last;
}
