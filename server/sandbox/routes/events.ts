/**
 * GET /eventos: the merchant's event stream (Server-Sent Events),
 * Basic credentials like the inbox. Each confirmation the sandbox sends for
 * the merchant is an event `confirmacion` whose data is {url, cuerpo, id}.
 * Last-Event-ID replays what was kept since (SANDBOX_RULES.events.replay); one
 * that is not an id of ours starts from now. At most
 * SANDBOX_RULES.events.streamsPerMerchant streams per merchant, counted across
 * every server (429); a comment line every heartbeat keeps proxies from
 * closing an idle stream and renews the stream's place. With Redis, events
 * published by any server reach the streams open on this one. The server's
 * close (SIGTERM) ends every stream with a `retry:` line, so the client
 * reconnects (to another server) soon and, with Last-Event-ID, loses nothing.
 */
import type {FastifyInstance, FastifyReply} from 'fastify';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import {API_RATE, ApiError, requireMerchant} from './jsonApi';
import type {SandboxEvent} from '../confirmations/events';
import type {SandboxPartOptions} from '../wiring';

/** How soon a client reconnects after the server closed its stream, in milliseconds. */
export const RECONNECT_MS = 3000;

/** One event as the stream writes it. */
export const formatEvent = (event: SandboxEvent): string => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

export default async function eventRoutes(app: FastifyInstance, {parts, heartbeatMs = SANDBOX_RULES.events.heartbeatSeconds * 1000}: SandboxPartOptions): Promise<void> {
  const {merchants, events} = parts;
  const open = new Set<(closing?: boolean) => void>();

  app.addHook('preClose', async () => {
    for (const end of [...open]) end(true);
  });

  app.get('/eventos', {config: API_RATE}, async (request, reply: FastifyReply) => {
    const merchant = await requireMerchant(request, merchants);
    // A place lapses after three missed heartbeats (a server that died does not hold it for ever).
    const place = await events.openStream(merchant.terminal, 3 * heartbeatMs);
    if (place === undefined) throw new ApiError(429, 'LIMITE_FLUJOS', {'retry-after': String(SANDBOX_RULES.events.heartbeatSeconds)});
    const header = request.headers['last-event-id'];
    const lastEventId = Array.isArray(header) ? header[0] : header;

    // Events published while the missed ones are read wait their turn, so none is lost or repeated: one both
    // replayed and waiting is written once. Live events go out as they come, in the order they were published,
    // which is not always the order of their ids (a certification signals several requests at once).
    const waiting: SandboxEvent[] = [];
    let live = false;
    const replayed = new Set<string>();
    const raw = reply.raw;
    const write = (event: SandboxEvent) => raw.write(formatEvent(event));
    const unsubscribe = events.subscribe(merchant.terminal, (event) => (live ? write(event) : waiting.push(event)));
    const release = () => void place.release().catch(() => undefined);
    let missed: SandboxEvent[];
    try {
      missed = await events.replay(merchant.terminal, lastEventId);
    } catch (error) {
      unsubscribe();
      release();
      throw error;
    }

    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RECONNECT_MS}\n: ${merchant.terminal}\n\n`);
    for (const event of missed) {
      replayed.add(event.id);
      write(event);
    }
    for (const event of waiting) if (!replayed.has(event.id)) write(event);
    live = true;

    const heartbeat = setInterval(() => {
      raw.write(': latido\n\n');
      void place.renew().catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();
    let ended = false;
    /** Ends the stream; `closing`: the server is stopping, so the client is told to come back soon. */
    const end = (closing = false) => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      release();
      open.delete(end);
      if (!raw.writableEnded) raw.end(closing ? `retry: ${RECONNECT_MS}\n: cierre del servidor\n\n` : undefined);
    };
    open.add(end);
    raw.on('close', () => end());
    raw.on('error', () => end());
  });
}
