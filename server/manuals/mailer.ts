/**
 * Sends the manuals: one message per recipient (nobody sees the other
 * addresses), with the PDF attached and links to the portal's channels.
 *
 * Transport: real SMTP when SMTP_URL is set; otherwise the embedded default
 * writes each message as an .eml file into the outbox folder, which any mail
 * program opens, so the form works on a fresh machine with no set-up.
 *
 * Bounded: a request's recipients go out at most SEND_CONCURRENCY at a time,
 * all under one deadline (SEND_DEADLINE_MS), so a mail server that stalls or
 * drops connections costs a request at most the deadline, whatever the length
 * of the list. Who has not been served when the deadline comes (in flight or
 * still waiting) is reported as failed, TIEMPO_AGOTADO, and their sends are
 * cancelled.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import nodemailer, {type SendMailOptions} from 'nodemailer';
import type {DeliveryReason} from '../../core/manualsApi';
import type {Manual} from './library';
import {escapeHtml} from '../../core/texts';

/** Messages of one request in flight at once; also the SMTP pool's connections. */
export const SEND_CONCURRENCY = 4;
/**
 * The whole send of one request ends by then: the API answers within 30 s,
 * and the 5 s left cover everything else the request does.
 */
export const SEND_DEADLINE_MS = 25_000;

/**
 * Per-connection limits of the SMTP transport, each well inside the deadline,
 * so a dead or stalled server frees a slot of the pool for the next message:
 * a TCP connection within 5 s, the server's greeting within 5 s, and never
 * 10 s without a word from the server during a message (ETIMEDOUT,
 * reported as TIEMPO_AGOTADO). A server that trickles bytes to stay under the
 * socket timeout is cut by the deadline.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
  // After a cancelled send, wait at most 1 s for the server to close its side.
  socketCloseTimeout: 1_000,
} as const;

export interface Failure {
  readonly correo: string;
  readonly motivo: DeliveryReason;
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
  /** Sends to every recipient; never rejects, and settles by the deadline. */
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
  /** Whole-send deadline of one request (SEND_DEADLINE_MS); tests make it short. */
  readonly deadlineMs?: number;
  /** Messages of one request in flight at once (SEND_CONCURRENCY). */
  readonly concurrency?: number;
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
  const smtp = error as {responseCode?: unknown; code?: unknown};
  if (typeof smtp.responseCode === 'number') {
    return {correo: recipient, motivo: 'ENVIO_RECHAZADO', codigo: smtp.responseCode};
  }
  if (smtp.code === 'ETIMEDOUT') {
    return {correo: recipient, motivo: 'TIEMPO_AGOTADO'};
  }
  return {correo: recipient, motivo: 'ENVIO_NO_POSIBLE'};
}

/** Sends one message; rejects when it could not be delivered. `signal` aborts at the deadline. */
type Deliver = (recipient: string, index: number, signal: AbortSignal) => Promise<void>;

export interface DeliveryLimits {
  readonly concurrency: number;
  readonly deadlineMs: number;
  readonly log: NonNullable<MailerOptions['log']>;
}

/**
 * Runs `deliver` for every recipient, at most `concurrency` at a time, and
 * settles when all are done or at the deadline, whichever comes first. At the
 * deadline the signal aborts and every recipient without an answer yet counts
 * as TIEMPO_AGOTADO. Both lists keep the order of `recipients`.
 */
export async function deliverAll(recipients: readonly string[], deliver: Deliver, limits: DeliveryLimits): Promise<Outcome> {
  const results: (Failure | 'sent' | undefined)[] = recipients.map(() => undefined);
  const controller = new AbortController();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < recipients.length && !controller.signal.aborted) {
      const index = next;
      next += 1;
      const recipient = recipients[index]!;
      try {
        await deliver(recipient, index, controller.signal);
        if (!controller.signal.aborted) {
          results[index] = 'sent';
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          const failure = failureOf(recipient, error);
          limits.log('a message was not delivered', {recipientIndex: index, motivo: failure.motivo, code: failure.codigo, error: (error as Error).message});
          results[index] = failure;
        }
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), limits.deadlineMs);
  });
  const workers = Array.from({length: Math.min(limits.concurrency, recipients.length)}, worker);
  const finished = await Promise.race([Promise.all(workers).then(() => 'done' as const), deadline]);
  clearTimeout(timer);
  // The lists as they stand now: whatever settles after the deadline is not counted.
  const settled = [...results];
  if (finished === 'deadline') {
    controller.abort(new Error(`send deadline of ${limits.deadlineMs} ms reached`));
    limits.log('send deadline reached', {deadlineMs: limits.deadlineMs, unanswered: settled.filter((r) => r === undefined).length});
  }
  const enviados: string[] = [];
  const fallidos: Failure[] = [];
  settled.forEach((result, index) => {
    const correo = recipients[index]!;
    if (result === 'sent') {
      enviados.push(correo);
    } else {
      fallidos.push(result ?? {correo, motivo: 'TIEMPO_AGOTADO'});
    }
  });
  return {enviados, fallidos};
}

/** A file name that says when and to whom, with nothing a file system dislikes. */
function emlName(sequence: number, recipient: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Kept well under the 255-byte file-name limit: an address may have 254 characters.
  const safe = recipient.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
  return `${stamp}-${String(sequence).padStart(3, '0')}-${safe}.eml`;
}

export function createMailer(options: MailerOptions): ManualsMailer {
  const limits: DeliveryLimits = {
    concurrency: options.concurrency ?? SEND_CONCURRENCY,
    deadlineMs: options.deadlineMs ?? SEND_DEADLINE_MS,
    log: options.log ?? (() => undefined),
  };
  if (options.smtpUrl !== null) {
    // One pool for the whole service: at most SEND_CONCURRENCY connections to
    // the mail server, reused across messages and requests. A message whose
    // connection drops is failed, not sent again (maxRequeues 0): the server
    // may already have it, and the answer tells the person who to retry.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: limits.concurrency,
      maxRequeues: 0,
      ...SMTP_TIMEOUTS,
    });
    const host = new URL(options.smtpUrl).host;
    return {
      description: `SMTP ${host}`,
      send: (recipients, manual) =>
        deliverAll(
          recipients,
          async (recipient, _index, signal) => {
            // The signal takes a queued message out of the pool, or closes the connection sending it.
            await transport.sendMail({...composeMessage(manual, recipient, options), signal});
          },
          limits,
        ),
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({streamTransport: true, buffer: true, newline: 'windows'});
  let sequence = 0;
  return {
    description: `outbox folder ${options.outboxDir} (.eml files; set SMTP_URL to send real mail)`,
    send: (recipients, manual) =>
      deliverAll(
        recipients,
        async (recipient) => {
          // Named before anything is awaited, so the files sort in the order of the list.
          sequence += 1;
          const name = emlName(sequence, recipient);
          const info = await transport.sendMail(composeMessage(manual, recipient, options));
          await mkdir(options.outboxDir, {recursive: true});
          // 'wx': never overwrite another message.
          await writeFile(join(options.outboxDir, name), info.message as Buffer, {flag: 'wx'});
        },
        limits,
      ),
    close: () => transport.close(),
  };
}
