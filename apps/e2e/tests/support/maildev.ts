import { expect } from '@playwright/test';

/** MailDev's inbox, where the test stack's SMTP catcher keeps every mail (scripts/test.mjs). */
const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1081';

interface Mail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

/** The newest mail to `address` whose subject matches, waiting for the worker to send it. */
export async function waitForMail(address: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAILDEV_URL}/email`);
        const mails = (await response.json()) as Mail[];
        found = mails
          .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
          .filter((mail) => subject.test(mail.subject))
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject.source}" to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The /auth/confirm link of a mail, as a path on the site under test. */
export function confirmationPath(mail: Mail): string {
  const match = /https?:\/\/\S+?(\/auth\/confirm\?\S+)/.exec(mail.text);
  if (!match) {
    throw new Error(`No confirmation link in: ${mail.text}`);
  }
  return match[1]!;
}
