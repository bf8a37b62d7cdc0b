/** The POST channel's security values: compute one, and check a confirmation as the portal's recipe does. */
import {z} from 'zod';
import {checkConfirmation, parseConfirmation, type ConfirmationProblem, type ConfirmationStatus, type ParseError, type VerifyError} from '../../../core/confirmation';
import {amountValidation, checksum, postSecurityToken, responseSignature} from '../../../core/signatures';
import {data, invalid, tool} from './tool';

const SIGNATURE_KINDS = ['firma', 'checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const;

/** The state words of the page's handlers (samples/<language>/confirmacion.*), by meaning. */
const STATE_WORDS = {pendiente: 'pending', aprobada: 'successful', rechazada: 'rejected', abortada: 'aborted', reversada: 'reversed'} as const satisfies Record<
  string,
  ConfirmationStatus
>;
const ORDER_STATES = ['pendiente', 'aprobada', 'rechazada', 'abortada', 'reversada'] as const satisfies readonly (keyof typeof STATE_WORDS)[];
const wordOf = (status: ConfirmationStatus): string => Object.entries(STATE_WORDS).find(([, meaning]) => meaning === status)![0];

export const COMPUTE_SIGNATURE = tool({
  name: 'compute_signature',
  description:
    "Computes a security value of the POST channel with the portal's own code (the signature workbench's): firma, checksum, tokenSeguridad or md5ValidacionValor, with every input shown.",
  input: z.object({
    kind: z.enum(SIGNATURE_KINDS).describe('firma (firma{product} of a response/confirmation), checksum, tokenSeguridad (of the POST form) or md5ValidacionValor.'),
    inputs: z
      .record(z.string(), z.string().max(1000))
      .describe(
        'firma: llave, codigoFactura, valorFactura, codigoAutorizacion. checksum: factura, valor, llave. tokenSeguridad: llave and hora (HH:mm, UTC-05:00) or instante (ISO date-time; default now). md5ValidacionValor: llave, valor.',
      ),
  }),
  readOnly: true,
  async run({context}, a) {
    return data({kind: a.kind, inputs: a.inputs, ...signature(a.kind, a.inputs, context.productName)});
  },
});

export const VERIFY_CONFIRMATION = tool({
  name: 'verify_confirmation',
  description:
    "Checks a return or confirmation body of the POST channel as the portal's recipe does (the signature workbench's verifier): firma{product} with the terminal's key; transaccionAprobada against the signed codigoAutorizacion (the signature does not cover the status, so a rejected payment edited to 1 is refused); and, given your stored order, codigoFactura, valorFactura and a forward-only change of state. deliver is true only when the goods can go.",
  input: z.object({
    body: z
      .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
      .describe('The body of the return or confirmation POST as received: urlencoded text (a=1&b=2) or JSON (text or object).'),
    key: z.string().min(1, 'key must not be empty: it is the terminal key (llave)').max(1000).describe("The terminal's key (llave)."),
    order: z
      .object({
        factura: z.string().min(1).max(200).describe('The invoice number you sent in factura.'),
        valor: z.string().min(1).max(50).describe('The amount you sent in valor, as you sent it.'),
        estado: z.enum(ORDER_STATES).optional().describe('The state your records hold for the order (default pendiente); a confirmation may only move it forward.'),
      })
      .optional()
      .describe(
        'Your stored order. Without it the answer can say whether the confirmation is believable, never that the goods can go: the signature joins its parts without a separator, so invoice and amount must be compared with your own records.',
      ),
  }),
  readOnly: true,
  async run({context}, a) {
    const body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    const parsed = parseConfirmation(body);
    if (!parsed.ok) throw invalid(`verify_confirmation: ${parseMessage(parsed.error)}`);
    const order = a.order === undefined ? undefined : {factura: a.order.factura, valor: a.order.valor, estado: STATE_WORDS[a.order.estado ?? 'pendiente']};
    const result = checkConfirmation(parsed.fields, a.key, context.productName, order);
    if (!result.ok) throw invalid(`verify_confirmation: ${verifyMessage(result.error)}`);
    const {verification, status, problems, orderChecked, repeated, deliver} = result.check;
    const advice =
      problems.length > 0
        ? 'Refuse it (answer 4xx) and change nothing.'
        : !orderChecked
          ? 'Believable, but compare codigoFactura and valorFactura with your stored order (pass order) before you deliver anything.'
          : repeated
            ? 'Already applied: acknowledge it (200) and change nothing.'
            : deliver
              ? 'Record the order as approved and deliver it, once.'
              : `Record the order as ${status === null ? '' : wordOf(status)}; deliver nothing.`;
    return data({
      format: parsed.format,
      valid: problems.length === 0,
      signatureValid: verification.valid,
      signatureField: verification.signatureField,
      received: verification.received,
      expected: verification.expected,
      inputs: verification.inputs,
      concatenated: verification.concatenated,
      transaccionAprobada: parsed.fields.get('transaccionAprobada') ?? null,
      status: status === null ? null : wordOf(status),
      problems: problems.map((problem) => ({kind: problem.kind, message: problemMessage(problem)})),
      orderChecked,
      repeated,
      deliver,
      advice,
    });
  },
});

function signature(kind: (typeof SIGNATURE_KINDS)[number], inputs: Record<string, string>, productName: string) {
  const need = (...names: string[]): string[] => {
    const missing = names.filter((n) => inputs[n] === undefined || inputs[n] === '');
    if (missing.length > 0) throw invalid(`compute_signature ${kind} needs the inputs ${names.join(', ')}; missing: ${missing.join(', ')}.`);
    return names.map((n) => inputs[n]!);
  };
  switch (kind) {
    case 'firma': {
      const [llave, codigoFactura, valorFactura, codigoAutorizacion] = need('llave', 'codigoFactura', 'valorFactura', 'codigoAutorizacion') as [string, string, string, string];
      return {
        name: `firma${productName}`,
        value: responseSignature(llave, codigoFactura, valorFactura, codigoAutorizacion),
        formula: 'MD5(llave + codigoFactura + valorFactura + codigoAutorizacion)',
        concatenated: `${llave}${codigoFactura}${valorFactura}${codigoAutorizacion}`,
      };
    }
    case 'checksum': {
      const [factura, valor, llave] = need('factura', 'valor', 'llave') as [string, string, string];
      let value: string;
      try {
        value = checksum(factura, valor, llave);
      } catch (error) {
        throw invalid(`compute_signature checksum: ${(error as Error).message}`);
      }
      return {name: 'checksum', value, formula: 'SHA-512(factura + valor without decimals + llave)'};
    }
    case 'tokenSeguridad': {
      const [llave] = need('llave') as [string];
      let at: Date;
      if (inputs.hora !== undefined) {
        const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(inputs.hora);
        if (match === null) throw invalid(`compute_signature tokenSeguridad: hora must be HH:mm (00:00 to 23:59, UTC-05:00); got "${inputs.hora}".`);
        // The instant whose time in UTC-05:00 is hora.
        at = new Date(Date.UTC(2000, 0, 1, Number(match[1]) + 5, Number(match[2])));
      } else if (inputs.instante !== undefined) {
        at = new Date(inputs.instante);
        if (Number.isNaN(at.getTime())) throw invalid(`compute_signature tokenSeguridad: instante must be an ISO date-time; got "${inputs.instante}".`);
      } else {
        at = new Date();
      }
      return {name: 'tokenSeguridad', value: postSecurityToken(llave, at), formula: 'MD5(llave + HH:mm in UTC-05:00)', at: at.toISOString()};
    }
    case 'md5ValidacionValor': {
      const [llave, valor] = need('llave', 'valor') as [string, string];
      return {name: 'md5ValidacionValor', value: amountValidation(llave, valor), formula: 'MD5(llave + valor)'};
    }
  }
}

function parseMessage(error: ParseError): string {
  switch (error.kind) {
    case 'empty':
      return 'body is empty: paste the body of the confirmation you received.';
    case 'badJson':
      return `body starts like JSON but is not valid JSON: ${error.detail}`;
    case 'notAnObject':
      return "body must be a JSON object whose properties are the confirmation's variables.";
    case 'notUrlencoded':
      return 'body is neither urlencoded (codigoFactura=...&valorFactura=...) nor a JSON object.';
    case 'duplicateField':
      return `body gives ${error.name} twice.`;
  }
}

function problemMessage(problem: ConfirmationProblem): string {
  switch (problem.kind) {
    case 'badSignature':
      return 'The signature does not match: check the key and take the values as they arrived. Do not treat the purchase as paid.';
    case 'noStatus':
      return 'The body has no transaccionAprobada.';
    case 'unknownStatus':
      return `transaccionAprobada is "${problem.value}"; it can only be 1, 0, -1, 2 or 3.`;
    case 'approvedWithoutAuthorization':
      return `transaccionAprobada is 1 but codigoAutorizacion is ${problem.code === '' ? 'empty' : `"${problem.code}", the code of a rejected card`}: the signature does not cover transaccionAprobada, and only an approved payment carries a real authorization code. This is a rejected, pending or aborted confirmation edited to approved: refuse it.`;
    case 'authorizationWithoutApproval':
      return `transaccionAprobada says ${wordOf(problem.status)} but codigoAutorizacion "${problem.code}" is a real authorization: an approved confirmation with its status edited. Refuse it.`;
    case 'otherInvoice':
      return `codigoFactura "${problem.received}" is not your order's "${problem.stored}".`;
    case 'otherAmount':
      return `valorFactura "${problem.received}" is not your order's amount "${problem.stored}" (digits can move between the signed parts, which are joined without a separator).`;
    case 'backwards':
      return `Your order is ${wordOf(problem.from)}; a confirmation cannot make it ${wordOf(problem.to)} (approved can only become reversed; rejected, aborted and reversed are final). Apply nothing.`;
  }
}

function verifyMessage(error: VerifyError): string {
  switch (error.kind) {
    case 'emptyKey':
      return 'key must not be empty.';
    case 'noSignature':
      return `The confirmation has no ${error.expectedName}.`;
    case 'missingFields':
      return `The confirmation lacks variables that enter the signature: ${error.names.join(', ')}.`;
  }
}
