import type { MailMessage } from '@datebook/server';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function earlyAccessAckMail(request: { name: string; email: string }): MailMessage {
  const greeting = `Hi ${request.name},`;
  const body =
    'Thanks for asking to join Datebook early. Your request is on our list, and we will write to you ' +
    'at this address as soon as a spot opens up.';
  return {
    to: request.email,
    subject: 'Your Datebook early-access request',
    text: `${greeting}\n\n${body}\n\nThe Datebook team`,
    html: `<p>${escapeHtml(greeting)}</p><p>${body}</p><p>The Datebook team</p>`,
  };
}
