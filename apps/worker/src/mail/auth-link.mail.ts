import { webRoutes } from '@datebook/contracts';
import type { MailMessage } from '@datebook/server';

export type AuthLinkPurpose = 'confirm_email' | 'recovery' | 'email_change' | 'email_change_undo';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where each link lands: /auth/confirm verifies the token, then goes on to `next`. */
const LINKS: Record<
  AuthLinkPurpose,
  { type: string; next: string; subject: string; lead: string; action: string; unasked: string }
> = {
  confirm_email: {
    type: 'signup',
    next: webRoutes.login,
    subject: 'Confirm your Datebook account',
    lead: 'Welcome to Datebook! Confirm your e-mail address to finish signing up.',
    action: 'Confirm my e-mail',
    unasked: 'If you did not ask for this, ignore this e-mail.',
  },
  recovery: {
    type: 'recovery',
    next: webRoutes.forgotPassword,
    subject: 'Reset your Datebook password',
    lead: 'Someone asked to reset the password of your Datebook account. If it was you, choose a new one here.',
    action: 'Reset my password',
    unasked: 'If you did not ask for this, ignore this e-mail.',
  },
  email_change: {
    type: 'email_change',
    next: webRoutes.account,
    subject: 'Confirm your new Datebook e-mail address',
    lead: 'Confirm that this is the new e-mail address of your Datebook account.',
    action: 'Confirm this address',
    unasked: 'If you did not ask for this, ignore this e-mail.',
  },
  // Sent to the old address: whoever holds a stolen session cannot quietly take the account over.
  email_change_undo: {
    type: 'email_change_undo',
    next: webRoutes.login,
    subject: 'Your Datebook e-mail address is being changed',
    lead:
      'Someone asked to change the e-mail address of your Datebook account. If it was not you, undo ' +
      'the change: your account keeps this address, every session is signed out, and you can then ' +
      'choose a new password.',
    action: 'Undo the change',
    unasked: 'If it was you, ignore this e-mail.',
  },
};

export function authLinkUrl(publicUrl: string, purpose: AuthLinkPurpose, token: string): string {
  const link = LINKS[purpose];
  const query = new URLSearchParams({ token_hash: token, type: link.type, next: link.next });
  return `${publicUrl}${webRoutes.authConfirm}?${query.toString()}`;
}

export function authLinkMail(input: {
  to: string;
  username: string;
  purpose: AuthLinkPurpose;
  url: string;
  ttlMinutes: number;
}): MailMessage {
  const link = LINKS[input.purpose];
  const greeting = `Hi ${input.username},`;
  const footer = `The link works once, for ${input.ttlMinutes} minutes. ${link.unasked}`;
  return {
    to: input.to,
    subject: link.subject,
    text: `${greeting}\n\n${link.lead}\n\n${link.action}: ${input.url}\n\n${footer}\n\nThe Datebook team`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${link.lead}</p>` +
      `<p><a href="${escapeHtml(input.url)}">${link.action}</a></p><p>${footer}</p><p>The Datebook team</p>`,
  };
}
