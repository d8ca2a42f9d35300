import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/** Mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { 'X-Mail-Kind': message.kind },
      attachments: (message.attachments ?? []).map((file) => ({
        filename: file.fileName,
        contentType: file.contentType,
        content: file.content,
      })),
    });
    this.log.info({ kind: message.kind }, 'mail sent');
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
