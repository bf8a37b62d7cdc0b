/**
 * Sends the manuals: one message per recipient (nobody sees the other
 * addresses), with the PDF attached and links to the portal's channels.
 *
 * Transport: real SMTP when SMTP_URL is set; otherwise the embedded default
 * writes each message as an .eml file into the outbox folder, which any mail
 * program opens, so the form works on a fresh machine with no set-up.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import nodemailer, {type SendMailOptions} from 'nodemailer';
import type {Manual} from './library';

export interface Failure {
  readonly correo: string;
  /** ENVIO_RECHAZADO (the mail server refused it) or ENVIO_NO_POSIBLE (no answer, outbox not writable...). */
  readonly motivo: 'ENVIO_RECHAZADO' | 'ENVIO_NO_POSIBLE';
  /** The SMTP reply code, when the server gave one. */
  readonly codigo?: number;
}

export interface Outcome {
  readonly enviados: readonly string[];
  readonly fallidos: readonly Failure[];
}

export interface ManualsMailer {
  /** Human description of where messages go, for the start-up log. */
  readonly description: string;
  send(recipients: readonly string[], manual: Manual): Promise<Outcome>;
  close(): void;
}

export interface MailerOptions {
  readonly smtpUrl: string | null;
  readonly outboxDir: string;
  readonly mailFrom: string;
  readonly siteUrl: string;
  readonly supportEmail: string;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}


function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The message one recipient gets, in the manual's language. */
export function composeMessage(manual: Manual, recipient: string, options: Pick<MailerOptions, 'mailFrom' | 'siteUrl' | 'supportEmail'>): SendMailOptions {
  const t = manual.mail;
  const channels = manual.channels.map((c) => ({label: c.label, url: `${options.siteUrl}${c.path}`}));
  const pdfUrl = `${options.siteUrl}${manual.pdf.path}`;
  const support = t.support.replace('{email}', options.supportEmail);
  const text = [
    t.greeting,
    '',
    t.intro,
    '',
    `${t.channelsHeading}`,
    ...channels.map((c) => `- ${c.label}: ${c.url}`),
    '',
    `${t.pdfLink}: ${pdfUrl}`,
    '',
    support,
    '',
    '-- ',
    t.footer,
    '',
  ].join('\n');
  const [supportBefore = '', supportAfter = ''] = t.support.split('{email}');
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(manual.locale)}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937;">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p><strong>${escapeHtml(t.channelsHeading)}</strong></p>
<ul>
${channels.map((c) => `<li><a href="${escapeHtml(c.url)}">${escapeHtml(c.label)}</a></li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(pdfUrl)}">${escapeHtml(t.pdfLink)}</a></p>
<p>${escapeHtml(supportBefore)}<a href="mailto:${escapeHtml(options.supportEmail)}">${escapeHtml(options.supportEmail)}</a>${escapeHtml(supportAfter)}</p>
<hr>
<p style="font-size: 0.85em; color: #6b7280;">${escapeHtml(t.footer)}</p>
</body>
</html>
`;
  return {
    from: options.mailFrom,
    replyTo: options.supportEmail,
    // An address object, never a string to parse: the address goes out as validated.
    to: {name: '', address: recipient},
    subject: t.subject,
    text,
    html,
    // Sent by a program on request: tells auto-responders not to answer.
    headers: {'Auto-Submitted': 'auto-generated'},
    attachments: [{filename: manual.pdf.file, content: manual.content, contentType: 'application/pdf'}],
  };
}

function failureOf(recipient: string, error: unknown): Failure {
  const smtp = error as {responseCode?: number};
  if (typeof smtp.responseCode === 'number') {
    return {correo: recipient, motivo: 'ENVIO_RECHAZADO', codigo: smtp.responseCode};
  }
  return {correo: recipient, motivo: 'ENVIO_NO_POSIBLE'};
}

/** A file name that says when and to whom, with nothing a file system dislikes. */
function emlName(sequence: number, recipient: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Kept well under the 255-byte file-name limit: an address may have 254 characters.
  const safe = recipient.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
  return `${stamp}-${String(sequence).padStart(3, '0')}-${safe}.eml`;
}

export function createMailer(options: MailerOptions): ManualsMailer {
  const log = options.log ?? (() => undefined);
  if (options.smtpUrl !== null) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // One connection, reused for the messages of a request; answers within seconds, not minutes.
      pool: true,
      maxConnections: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const host = new URL(options.smtpUrl).host;
    return {
      description: `SMTP ${host}`,
      async send(recipients, manual) {
        const enviados: string[] = [];
        const fallidos: Failure[] = [];
        for (const [index, recipient] of recipients.entries()) {
          try {
            await transport.sendMail(composeMessage(manual, recipient, options));
            enviados.push(recipient);
          } catch (error) {
            const failure = failureOf(recipient, error);
            log('SMTP refused a message', {recipientIndex: index, code: failure.codigo, error: (error as Error).message});
            fallidos.push(failure);
          }
        }
        return {enviados, fallidos};
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({streamTransport: true, buffer: true, newline: 'windows'});
  let sequence = 0;
  return {
    description: `outbox folder ${options.outboxDir} (.eml files; set SMTP_URL to send real mail)`,
    async send(recipients, manual) {
      const enviados: string[] = [];
      const fallidos: Failure[] = [];
      for (const [index, recipient] of recipients.entries()) {
        try {
          const info = await transport.sendMail(composeMessage(manual, recipient, options));
          await mkdir(options.outboxDir, {recursive: true});
          sequence += 1;
          // 'wx': never overwrite another message.
          await writeFile(join(options.outboxDir, emlName(sequence, recipient)), info.message as Buffer, {flag: 'wx'});
          enviados.push(recipient);
        } catch (error) {
          log('could not write a message to the outbox', {recipientIndex: index, error: (error as Error).message});
          fallidos.push(failureOf(recipient, error));
        }
      }
      return {enviados, fallidos};
    },
    close: () => transport.close(),
  };
}
