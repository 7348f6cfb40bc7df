import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail over SMTP: MailDev in development and tests, a real relay in production. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly config: Pick<AppConfig, 'mail'>) {
    const { host, port, secure, user, password } = config.mail;
    // A pool reuses SMTP connections: a new connection per mail caps throughput at a few dozen a second.
    this.transport = createTransport({
      pool: true,
      maxConnections: 5,
      host,
      port,
      secure,
      auth: user ? { user, pass: password } : undefined,
      ignoreTLS: !secure && !user,
    });
  }

  async send(message: MailMessage): Promise<string> {
    const info = (await this.transport.sendMail({ from: this.config.mail.from, ...message })) as {
      messageId: string;
    };
    return info.messageId;
  }

  async ping(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
  }
}
