import nodemailer from 'nodemailer';

/** A message the console sends (plain text: no HTML is built from user input). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the console's mail: SMTP in a deployment, a recording fake in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL: smtp:// or smtps://, credentials in the URL), from MAIL_FROM. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
