import { mailsTo, waitFor } from '@datebook/server/testing';

export interface MailedLink {
  url: URL;
  token: string;
  type: string;
  next: string;
}

/** Waits for the newest mail to `address` whose subject matches, and reads its /auth/confirm link. */
export async function mailedLink(address: string, subject: RegExp, count = 1): Promise<MailedLink> {
  const mails = await waitFor(
    `mail "${subject.source}" to ${address}`,
    async () => (await mailsTo(address)).filter((mail) => subject.test(mail.subject)),
    (found) => found.length >= count,
  );
  const mail = mails[mails.length - 1]!;
  const match = /(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(mail.text);
  if (!match) {
    throw new Error(`No confirmation link in: ${mail.text}`);
  }
  const url = new URL(match[1]!);
  return {
    url,
    token: url.searchParams.get('token_hash') ?? '',
    type: url.searchParams.get('type') ?? '',
    next: url.searchParams.get('next') ?? '',
  };
}
