/**
 * The certification's checks of an integrator's confirmation handler and
 * return page, pure: what each check sends (bodies signed with the merchant's
 * key as the gateway signs them, then tampered with as an attacker would) and
 * how it judges what came back. The runner (./runner.ts) sends them, directly
 * or through escuchar.mjs, and keeps the results; the REST client's check is
 * judged from the request log (./restClient.ts).
 *
 * What "refused" means is the sandbox's rule, written on its rules page: a 4xx
 * answer. An authentic confirmation, of any state and of any invoice (the
 * certification's invoices are not the merchant's orders), is acknowledged
 * with a 2xx within the gateway's timeout, the same way each time it comes.
 */
import {randomBytes, randomInt} from 'node:crypto';
import {responseSignature} from '../../../core/signatures';
import {SANDBOX_RULES} from '../../../core/data/sandbox';

/** The checks, in the order they run; each a pass or a fail in the report. */
export const CHECKS = ['estados', 'firma', 'estado-editado', 'reenvios', 'extras', 'rafaga', 'retorno', 'retorno-falsificado', 'cliente-rest'] as const;
export type CheckName = (typeof CHECKS)[number];

/** The gateway's timeout for a confirmation (the sandbox's notifier waits as long). */
export const TIMEOUT_MS = SANDBOX_RULES.notify.timeoutMs;

/** One request of a check: a confirmation to the handler or a response to the return page. */
export interface Sent {
  readonly destino: 'confirmacion' | 'retorno';
  /** The variables, in the order they are posted (application/x-www-form-urlencoded, UTF-8). */
  readonly cuerpo: Readonly<Record<string, string>>;
  /** A query string added to the return URL (a forged return may edit the address too). */
  readonly query?: string;
  /** What this request is, in the report's words (a key of the texts). */
  readonly caso: string;
}

/** What came back: the HTTP status (null: no answer), the time, the start of the answer. */
export interface Received {
  readonly estado: number | null;
  readonly ms: number;
  /** The answer's first characters (its whole HTML for a return page, up to the sandbox's bound). */
  readonly cuerpo: string;
  /** Why there was no answer (connection refused, timeout, refused destination). */
  readonly error?: string;
}

/** A group of requests sent one after the other, or all at once. */
export interface Step {
  readonly envios: readonly Sent[];
  readonly juntos: boolean;
}

export interface Verdict {
  readonly resultado: 'ok' | 'falla';
  /** Why, as a text key and its values (./texts.ts words it in each language). */
  readonly motivo: string;
  readonly valores?: Readonly<Record<string, string>>;
  /** The request the verdict is about (the failing one, or the first), for the report's curl line. */
  readonly ejemplo: {readonly sent: Sent; readonly received: Received | undefined};
}

export interface Check {
  readonly nombre: CheckName;
  readonly pasos: readonly Step[];
  judge(results: readonly (readonly Received[])[]): Verdict;
}

export interface SuiteInput {
  /** The run's id: the invoices carry its start, so that a handler's log tells runs apart. */
  readonly id: string;
  /** The merchant's terminal key (the sandbox signs with it, as the gateway would). */
  readonly llave: string;
  /** firma{product}. */
  readonly firmaName: string;
  /** Whether the return page is checked. */
  readonly retorno: boolean;
}

const ok = (e: Verdict['ejemplo']): Verdict => ({resultado: 'ok', motivo: 'ok', ejemplo: e});
const fail = (motivo: string, e: Verdict['ejemplo'], valores: Record<string, string> = {}): Verdict => ({resultado: 'falla', motivo, valores, ejemplo: e});
const is2xx = (r: Received | undefined) => r !== undefined && r.estado !== null && r.estado >= 200 && r.estado < 300;
const is4xx = (r: Received | undefined) => r !== undefined && r.estado !== null && r.estado >= 400 && r.estado < 500;
const shown = (r: Received | undefined) => (r === undefined || r.estado === null ? (r?.error ?? '-') : String(r.estado));

/** The states of transaccionAprobada, and the authorization code a genuine confirmation of each carries. */
const STATES = [
  {estado: '1', caso: 'aprobada'},
  {estado: '0', caso: 'pendiente'},
  {estado: '-1', caso: 'rechazada'},
  {estado: '2', caso: 'abortada'},
  {estado: '3', caso: 'reversada'},
] as const;

export function buildSuite(input: SuiteInput): readonly Check[] {
  let invoice = 0;
  // One fixed length, so that no character can pass from codigoFactura to valorFactura (the page's recipe).
  const prefix = `CERT${input.id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toUpperCase()
    .padEnd(6, '0')}`;
  const nextInvoice = () => `${prefix}-${String(++invoice).padStart(3, '0')}`;
  const approvedCode = () => String(randomInt(100000, 1000000));
  const sign = (fields: Record<string, string>, llave = input.llave) => ({
    ...fields,
    [input.firmaName]: responseSignature(llave, fields.codigoFactura ?? '', fields.valorFactura ?? '', fields.codigoAutorizacion ?? ''),
  });
  /** A genuine confirmation of one state, signed; its extra variables as the gateway sends them. */
  const confirmation = (estado: string, extra: Record<string, string> = {}): Record<string, string> => {
    const code = estado === '1' || estado === '3' ? approvedCode() : estado === '-1' ? '00000' : '';
    const signed = sign({codigoFactura: nextInvoice(), valorFactura: '150000', transaccionAprobada: estado, codigoAutorizacion: code});
    const out: Record<string, string> = {
      codigoFactura: signed.codigoFactura!,
      valorFactura: signed.valorFactura!,
      transaccionAprobada: estado,
      codigoAutorizacion: code,
      [input.firmaName]: signed[input.firmaName]!,
      numeroTransaccion: String(randomInt(1_000_000_000, 10_000_000_000)),
      metodoPago: '37',
      nombreMetodo: 'Visa',
    };
    for (let i = 1; i <= 9; i++) out[`campoExtra${i}`] = '';
    return {...out, ...extra};
  };
  /** The response variables (what the return page gets): the confirmation's but for nombreMetodo and campoExtra. */
  const response = (fields: Readonly<Record<string, string>>): Record<string, string> =>
    Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'nombreMetodo' && !name.startsWith('campoExtra')));
  const c = (cuerpo: Record<string, string>, caso: string): Sent => ({destino: 'confirmacion', cuerpo, caso});

  const checks: Check[] = [];

  // Every state is acknowledged (2xx) within the gateway's timeout.
  const states = STATES.map((s) => c(confirmation(s.estado), s.caso));
  checks.push({
    nombre: 'estados',
    pasos: [{envios: states, juntos: false}],
    judge: ([answers = []]) => {
      for (const [i, sent] of states.entries()) {
        const r = answers[i];
        if (!is2xx(r)) return fail('noAcusada', {sent, received: r}, {caso: sent.caso, estado: shown(r)});
        if (r!.ms > TIMEOUT_MS) return fail('lenta', {sent, received: r}, {caso: sent.caso, ms: String(r!.ms), max: String(TIMEOUT_MS)});
      }
      return ok({sent: states[0]!, received: answers[0]});
    },
  });

  // Tampered or unsigned confirmations are refused (4xx): the signature is what proves the gateway sent them.
  const genuine = confirmation('1');
  const foreign = confirmation('1');
  const tampered = [
    c({...genuine, codigoFactura: nextInvoice()}, 'facturaAlterada'),
    c({...genuine, valorFactura: '1500000'}, 'montoAlterado'),
    c({...genuine, codigoAutorizacion: approvedCode()}, 'autorizacionAlterada'),
    c({...genuine, [input.firmaName]: flipHex(genuine[input.firmaName]!)}, 'firmaAlterada'),
    c(Object.fromEntries(Object.entries(genuine).filter(([name]) => name !== input.firmaName)), 'sinFirma'),
    // Signed with the key of another terminal.
    c({...foreign, ...sign(foreign, randomBytes(16).toString('hex'))}, 'otraLlave'),
  ];
  checks.push({
    nombre: 'firma',
    pasos: [{envios: tampered, juntos: false}],
    judge: ([answers = []]) => {
      for (const [i, sent] of tampered.entries()) {
        if (!is4xx(answers[i])) return fail('aceptada', {sent, received: answers[i]}, {caso: sent.caso, estado: shown(answers[i])});
      }
      return ok({sent: tampered[0]!, received: answers[0]});
    },
  });

  // A genuine rejected (or pending) confirmation with its status edited to approved: the signature still
  // matches (it does not cover the status), the signed authorization code gives it away.
  const rejected = confirmation('-1');
  const pending = confirmation('0');
  const edited = [c({...rejected, transaccionAprobada: '1'}, 'rechazadaEditada'), c({...pending, transaccionAprobada: '1'}, 'pendienteEditada')];
  checks.push({
    nombre: 'estado-editado',
    pasos: [{envios: edited, juntos: false}],
    judge: ([answers = []]) => {
      for (const [i, sent] of edited.entries()) {
        if (!is4xx(answers[i])) return fail('aceptada', {sent, received: answers[i]}, {caso: sent.caso, estado: shown(answers[i])});
      }
      return ok({sent: edited[0]!, received: answers[0]});
    },
  });

  // The same confirmation three times, then twice at once: the same answer every time, a 2xx.
  const again = c(confirmation('1'), 'repetida');
  checks.push({
    nombre: 'reenvios',
    pasos: [
      {envios: [again, again, again], juntos: false},
      {envios: [again, again], juntos: true},
    ],
    judge: ([first = [], together = []]) => {
      const all = [...first, ...together];
      const reference = all[0];
      if (!is2xx(reference)) return fail('noAcusada', {sent: again, received: reference}, {caso: again.caso, estado: shown(reference)});
      const other = all.find((r) => r.estado !== reference!.estado);
      if (other !== undefined) return fail('distinta', {sent: again, received: other}, {primera: shown(reference), otra: shown(other)});
      return ok({sent: again, received: reference});
    },
  });

  // Accents in the variables and variables the handler does not know: accepted.
  const extras = c(
    confirmation('1', {campoExtra1: 'Envío a Bogotá: ñandú, Peña y Muñoz', campoExtra2: 'línea 1\nlínea 2', variableNueva: 'la pasarela puede agregar variables', otraMas: '42'}),
    'acentosYExtras',
  );
  checks.push({
    nombre: 'extras',
    pasos: [{envios: [extras], juntos: false}],
    judge: ([answers = []]) =>
      is2xx(answers[0]) ? ok({sent: extras, received: answers[0]}) : fail('noAcusada', {sent: extras, received: answers[0]}, {caso: extras.caso, estado: shown(answers[0])}),
  });

  // A burst of distinct confirmations at once: each answered within the timeout.
  const burst = Array.from({length: SANDBOX_RULES.certification.burst}, () => c(confirmation('1'), 'rafaga'));
  checks.push({
    nombre: 'rafaga',
    pasos: [{envios: burst, juntos: true}],
    judge: ([answers = []]) => {
      for (const [i, sent] of burst.entries()) {
        const r = answers[i];
        if (r === undefined || r.estado === null || r.ms > TIMEOUT_MS)
          return fail('lentaEnRafaga', {sent, received: r}, {n: String(i + 1), total: String(burst.length), max: String(TIMEOUT_MS), ms: String(r?.ms ?? '-')});
        if (!is2xx(r)) return fail('noAcusada', {sent, received: r}, {caso: sent.caso, estado: shown(r)});
      }
      return ok({sent: burst[0]!, received: answers[0]});
    },
  });

  if (input.retorno) {
    // The return page: it renders for each state (200), shows the invoice, and no stack trace.
    const returns = STATES.filter((s) => s.estado !== '3').map((s): Sent => ({destino: 'retorno', cuerpo: response(confirmation(s.estado)), caso: s.caso}));
    checks.push({
      nombre: 'retorno',
      pasos: [{envios: returns, juntos: false}],
      judge: ([answers = []]) => {
        for (const [i, sent] of returns.entries()) {
          const r = answers[i];
          if (r === undefined || r.estado !== 200) return fail('retornoNo200', {sent, received: r}, {caso: sent.caso, estado: shown(r)});
          const trace = stackTrace(r.cuerpo);
          if (trace !== null) return fail('retornoTraza', {sent, received: r}, {caso: sent.caso, traza: trace});
          if (!r.cuerpo.includes(sent.cuerpo.codigoFactura!)) return fail('retornoSinFactura', {sent, received: r}, {caso: sent.caso, factura: sent.cuerpo.codigoFactura!});
        }
        return ok({sent: returns[0]!, received: answers[0]});
      },
    });

    // A forged return (a rejected response with its status edited, in the body or in the address) must not
    // look like the page of a genuine approved payment.
    const approved = response(confirmation('1'));
    const rejectedResponse = response(confirmation('-1'));
    const forged: Sent[] = [
      {destino: 'retorno', cuerpo: approved, caso: 'aprobada'},
      {destino: 'retorno', cuerpo: rejectedResponse, caso: 'rechazada'},
      {destino: 'retorno', cuerpo: {...rejectedResponse, transaccionAprobada: '1'}, caso: 'rechazadaEditada'},
      {destino: 'retorno', cuerpo: rejectedResponse, query: 'transaccionAprobada=1&estado=aprobada', caso: 'direccionEditada'},
    ];
    checks.push({
      nombre: 'retorno-falsificado',
      pasos: [{envios: forged, juntos: false}],
      judge: ([answers = []]) => {
        const [paid, refused, ...edits] = answers;
        // Judged only where the genuine pages render and differ: a page that shows no state shows nothing as paid.
        if (paid?.estado !== 200 || refused?.estado !== 200) return ok({sent: forged[0]!, received: paid});
        const paidText = normalized(paid.cuerpo, approved);
        if (paidText === normalized(refused.cuerpo, rejectedResponse)) return ok({sent: forged[0]!, received: paid});
        for (const [i, r] of edits.entries()) {
          const sent = forged[i + 2]!;
          if (r?.estado === 200 && normalized(r.cuerpo, sent.cuerpo) === paidText) return fail('falsificadoPagado', {sent, received: r}, {caso: sent.caso});
        }
        return ok({sent: forged[2]!, received: edits[0]});
      },
    });
  }
  return checks;
}

/** The same hexadecimal text with its first digit changed. */
function flipHex(hex: string): string {
  const first = hex[0] ?? '0';
  return `${first === '0' ? '1' : '0'}${hex.slice(1)}`;
}

/** The first line that looks like a stack trace or an uncaught error, or null. */
export function stackTrace(html: string): string | null {
  const patterns = [
    /Traceback \(most recent call last\)/,
    /\bat [\w$.<>]+ \(.*?:\d+:\d+\)/,
    /(?:Fatal|Parse) error:.*? on line \d+/,
    /Stack trace:/i,
    /\bException in thread\b/,
    /\b(?:System\.)?\w+Exception:/,
    /\bat [\w.$]+\([\w]+\.java:\d+\)/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(html);
    if (match !== null) return match[0].slice(0, 120);
  }
  return null;
}

/** A page's visible text with the values of its variables and every number taken out: what is left says how the page looks. */
export function normalized(html: string, fields: Readonly<Record<string, string>>): string {
  let text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  for (const value of Object.values(fields)
    .filter((v) => v.length >= 2)
    .sort((a, b) => b.length - a.length))
    text = text.split(value).join(' ');
  return text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}
