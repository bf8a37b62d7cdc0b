/**
 * The sandbox tools, as the connection's merchant (its HTTP Basic sandbox
 * credentials, or the public demo merchant): call an operation, read the
 * inbox and the request log, certify the merchant's endpoints. Offered only
 * when the portal runs its sandbox.
 */
import {z} from 'zod';
import {SANDBOX_RULES} from '../../../core/data/sandbox';
import type {JsonObject} from '../../../core/openapi/contracts';
import type {CallerContext} from '../sandbox';
import {findOperation} from './operations';
import {channel, data, tool, type ToolCall} from './tool';

export const SANDBOX_REQUEST = tool({
  name: 'sandbox_request',
  description:
    "Calls a REST operation in the portal's sandbox as your merchant (the connection's HTTP Basic sandbox credentials, or the public demo merchant) and returns the sandbox's answer.",
  input: z.object({
    operationId: z.string().min(1).max(100).describe('The operation to call (list_operations lists them).'),
    channel,
    body: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "The JSON body; default the contract's first example. usuario, clave and terminal are always your merchant's; a missing tokenSeguridad (accessToken), or the example's placeholder, is replaced by a fresh one.",
      ),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe('Path parameters of a GET operation (fecha_inicio, fecha_fin, pagina).'),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  readOnly: false,
  needsSandbox: true,
  async run({context, caller, from}, a) {
    const sandbox = context.sandbox!;
    const op = findOperation(context, {operationId: a.operationId, ...(a.channel ? {channel: a.channel} : {})});
    const who: CallerContext = {...from, lang: a.locale ?? 'es'};
    const merchant = await sandbox.merchant(caller, who);
    const result = await sandbox.request(op, a.body as JsonObject | undefined, a.params, merchant, who);
    return data({merchant: {usuario: merchant.usuario, terminal: merchant.terminal, demo: merchant.demo}, ...result});
  },
});

/** The merchant's inbox or request log. */
async function records({context, caller, from}: ToolCall, kind: 'inbox' | 'log', a: {errorsOnly?: boolean; locale?: 'es' | 'en'}) {
  const sandbox = context.sandbox!;
  const who: CallerContext = {...from, lang: a.locale ?? 'es'};
  const merchant = await sandbox.merchant(caller, who);
  const errorsOnly = kind === 'log' && a.errorsOnly === true;
  const records = await sandbox.records(kind, merchant, errorsOnly, who);
  return data({merchant: {usuario: merchant.usuario, terminal: merchant.terminal, demo: merchant.demo}, ...records});
}

export const SANDBOX_INBOX = tool({
  name: 'sandbox_inbox',
  description: "Your merchant's confirmations in the sandbox, newest first: where each went, the answer, the signed body, whether its firma is valid.",
  input: z.object({locale: z.enum(['es', 'en']).optional().describe("Language of the inbox's sentences (motivo, firmaTexto): es (default) or en.")}),
  readOnly: true,
  needsSandbox: true,
  run: (call, a) => records(call, 'inbox', a),
});

export const SANDBOX_REQUEST_LOG = tool({
  name: 'sandbox_request_log',
  description: "Your merchant's latest requests to the sandbox on every channel, newest first, with the errors as the client got them.",
  input: z.object({
    errorsOnly: z.boolean().optional().describe('Only the requests that failed.'),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  readOnly: true,
  needsSandbox: true,
  run: (call, a) => records(call, 'log', a),
});

export const SANDBOX_CERTIFY = tool({
  name: 'sandbox_certify',
  description:
    "Starts the sandbox's certification of your merchant's confirmation handler (and return page, and REST client if asked): each status, tampered and edited confirmations, resends, a burst, forged responses. Needs your own sandbox credentials, not the demo merchant's. Returns its id and report URL at once; read the result with sandbox_certification.",
  input: z.object({
    urlConfirmacion: z.string().trim().min(1).max(SANDBOX_RULES.notify.maxUrlLength).describe("The URL of the merchant's confirmation handler."),
    urlRespuesta: z
      .string()
      .trim()
      .min(1)
      .max(SANDBOX_RULES.notify.maxUrlLength)
      .optional()
      .describe("The URL of the merchant's return page; without it, the return page's checks are left out."),
    via: z
      .enum(['directa', 'escuchar'])
      .optional()
      .describe(
        "directa (default): the sandbox posts to the URLs. escuchar: escuchar.mjs, running on the integrator's computer with --reenviar and --retorno, makes the requests (for localhost URLs of a portal hosted elsewhere).",
      ),
    rest: z.boolean().optional().describe("Also check the merchant's REST client: it must be calling the sandbox while the check lasts."),
    locale: z.enum(['es', 'en']).optional().describe("Language of the sandbox's messages: es (default) or en."),
  }),
  readOnly: false,
  openWorld: true,
  needsSandbox: true,
  async run({context, caller, from}, {locale: lang, ...request}) {
    const who: CallerContext = {...from, lang: lang ?? 'es'};
    const merchant = await context.sandbox!.merchant(caller, who);
    const started = await context.sandbox!.certify(merchant, {via: 'directa', ...request}, who);
    return data({...started, next: 'Read the result with sandbox_certification and this id; the run takes from a few seconds to about a minute (longer with the REST client).'});
  },
});

export const SANDBOX_CERTIFICATION = tool({
  name: 'sandbox_certification',
  description:
    "A certification's report (state en-curso, aprobada, fallida or incompleta; each check with its detail, the guide's section and a curl line that repeats the request), or without an id your merchant's certifications.",
  input: z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}$/, 'id is the 22-character id sandbox_certify returned')
      .optional()
      .describe("The certification to read; without it, the list of your merchant's certifications."),
    locale: z.enum(['es', 'en']).optional().describe('Language of the report: es (default) or en.'),
  }),
  readOnly: true,
  needsSandbox: true,
  async run({context, caller, from}, a) {
    const who: CallerContext = {...from, lang: a.locale ?? 'es'};
    const merchant = await context.sandbox!.merchant(caller, who);
    return data(await context.sandbox!.certification(merchant, a.id, who));
  },
});
