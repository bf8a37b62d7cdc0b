/**
 * The payment request of every channel (pago: card, referenced, barcode, PSE,
 * the two wallets) and what settles a pending one: the simulated bank or pay
 * point, the inbox's "settle", and the second wallet's OTP
 * (finalizaPagoDaviplata).
 */
import {randomInt} from 'node:crypto';
import {REJECTED_AUTHORIZATION_CODES} from '../../../../core/data/resultCodes';
import {paymentMethodById} from '../../../../core/data/paymentMethods';
import {COLOMBIAN_MOBILE, SANDBOX_RULES, SANDBOX_WALLET_PHONES} from '../../../../core/data/sandbox';
import {readCard} from '../card';
import {restoreExampleRecords} from '../examples';
import {errorMessage as m} from '../../words';
import {GLOBAL, newId, type Buyer, type Transaction, type TransactionGroup} from '../records';
import {write, type Write} from '../../store/contract';
import {type Body, type Answer, type FlowContext, bad, demoIds, text, checkToken} from './context';

const authorization = () => String(randomInt(100000, 1000000));

function rejectedAuthorization(brand: string): string {
  const key = brand === 'mastercard' ? 'mastercard' : brand;
  return REJECTED_AUTHORIZATION_CODES.find((c) => (c.brands as readonly string[]).includes(key))?.code ?? '00000';
}

function paymentAnswer(ctx: FlowContext, t: Transaction, extra: Body = {}): Body {
  return {
    CodigoRespuesta: t.codigoRespuesta,
    CodigoSeguimiento: t.codigoSeguimiento,
    Descripción: t.descripcionRespuesta,
    estado: stateWord(t),
    numeroAutorizacion: t.numeroAutorizacion,
    numeroTransaccion: t.numeroTransaccion,
    referencia: t.referencia,
    valor: t.valor,
    tokenTarjeta: t.tokenTarjeta ?? '',
    ...extra,
  };
}

/** The `estado` word of a payment answer. */
function stateWord(t: Transaction): string {
  if (t.status === 'pending') return 'PENDIENTE';
  if (t.status === 'rejected') return 'RECHAZADA';
  if (t.status === 'reversed') return 'REVERSADA';
  return t.group === 'card' || t.group === 'wallet1' || t.group === 'wallet2' ? 'OK' : 'APROBADA';
}

/**
 * /confirmacionTransaccionMedioPago: `pageKey` is the documented request the
 * body matched (see rest.ts), which decides the flow.
 */
export async function pago(ctx: FlowContext, pageKey: string, body: Body, cardVariant: boolean): Promise<Answer> {
  const metodo = (body.MetodoPago ?? {}) as Body;
  const id = text(metodo, 'Id');
  const method = paymentMethodById(id);
  if (method === undefined) return bad(ctx, 'pago', 'MetodoPago.Id', m('flows.unknownMethod', {id, demo: demoIds()}), cardVariant);
  if (String(method.demo) !== id) {
    const sentence = method.demo === null ? m('flows.productionMethodNoDemo', {id}) : m('flows.productionMethod', {id, demo: method.demo});
    return bad(ctx, 'pago', 'MetodoPago.Id', sentence, cardVariant);
  }
  const terminal = text(body, 'Terminal');
  const refused = await checkToken(ctx, 'pago', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad', cardVariant);
  if (refused !== null) return refused;
  if (Number(text(body, 'Valortotal')) <= 0) return bad(ctx, 'pago', 'Valortotal', m('flows.valorTotal'), cardVariant);
  if (pageKey === 'pagotoken') await restoreExampleRecords(ctx, 'pagoToken', body);

  const group: TransactionGroup = method.group === 'wallet' ? (method.variant === 'first' ? 'wallet1' : 'wallet2') : method.group;
  const buyer: Buyer = {
    documento: text(body, 'Documento'),
    tipoDocumento: text(body, 'tipoDocumento') || text(body, 'Extra9'),
    nombre: text(body, 'Nombre'),
    apellido: text(body, 'Apellido'),
    correo: text(body, 'Correo'),
    telefono: text(body, 'Telefono'),
    celular: text(body, 'Celular'),
    direccion: text(body, 'Direccion'),
  };
  const base: Transaction = {
    terminal,
    ...(await ctx.state.nextNumbers(terminal)),
    referencia: text(body, 'Referencia'),
    group,
    methodId: id,
    valor: text(body, 'Valortotal'),
    valorBase: text(body, 'Valorbase'),
    valorIva: text(body, 'Valoriva'),
    moneda: text(body, 'moneda') || text(body, 'Extra8') || 'COP',
    descripcion: text(body, 'Descripcion'),
    buyer,
    extras: Array.from({length: 9}, (_, i) => text(body, `Extra${i + 1}`)),
    createdAt: ctx.state.now(),
    status: 'pending',
    codigoRespuesta: '0',
    numeroAutorizacion: '',
    descripcionRespuesta: '',
    razonRechazo: '',
    ...(text(body, 'FechaVcm') !== '' ? {expiresOn: text(body, 'FechaVcm')} : {}),
  };
  const save = (t: Transaction) => ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  const saved = (t: Transaction) => write(ctx.state.transactions, terminal, t.codigoSeguimiento, t);

  switch (group) {
    case 'referenced':
    case 'barcode': {
      const t: Transaction = {
        ...base,
        descripcionRespuesta: group === 'barcode' ? 'Código de barras creado' : 'Pago referenciado creado',
        serial: String(randomInt(1_000_000_000, 10_000_000_000)).padStart(10, '0'),
      };
      await ctx.state.commit([saved(t), write(ctx.state.pointers, GLOBAL, `serial:${t.serial}`, {terminal, codigoSeguimiento: t.codigoSeguimiento})]);
      return {status: 200, body: paymentAnswer(ctx, t, {[ctx.serialField]: t.serial})};
    }
    case 'pse': {
      const pointer = newId();
      const t: Transaction = {
        ...base,
        descripcionRespuesta: 'Transacción PSE creada',
        bank: {code: text(metodo, 'campo1'), name: text(metodo, 'campo2'), returnUrl: text(metodo, 'campo4')},
      };
      if (!ctx.banks.some((b) => b.codigoBanco === t.bank?.code && b.codigoBanco !== '0')) {
        return bad(ctx, 'pago', 'MetodoPago.campo1', m('flows.pseBank', {code: t.bank?.code ?? ''}), cardVariant);
      }
      await ctx.state.commit([saved(t), write(ctx.state.pointers, GLOBAL, `banco:${pointer}`, {terminal, codigoSeguimiento: t.codigoSeguimiento})]);
      return {status: 200, body: paymentAnswer(ctx, t, {urlBanco: `${ctx.siteUrl}${ctx.base}/banco/${pointer}`})};
    }
    case 'wallet1': {
      const otp = String(randomInt(0, 10 ** SANDBOX_RULES.otpDigits)).padStart(SANDBOX_RULES.otpDigits, '0');
      const t: Transaction = {...base, codigoRespuesta: '2', numeroAutorizacion: otp, otp, otpAttempts: 0, descripcionRespuesta: 'Transacción pendiente de confirmación con OTP'};
      await save(t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    case 'wallet2': {
      const phone = buyer.celular;
      let t: Transaction;
      if (phone === SANDBOX_WALLET_PHONES.accountMissing || !COLOMBIAN_MOBILE.test(phone)) {
        t = {...base, status: 'rejected', codigoRespuesta: '1', descripcionRespuesta: 'La cuenta de la billetera no existe', razonRechazo: 'La cuenta de la billetera no existe'};
      } else if (phone === SANDBOX_WALLET_PHONES.accountBlocked) {
        t = {
          ...base,
          status: 'rejected',
          codigoRespuesta: '1',
          descripcionRespuesta: 'La cuenta de la billetera está bloqueada',
          razonRechazo: 'La cuenta de la billetera está bloqueada',
        };
      } else {
        t = {...base, codigoRespuesta: '2', descripcionRespuesta: 'Acepte el pago en la aplicación de la billetera'};
      }
      await save(t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    case 'card':
      return cardPayment(ctx, pageKey, metodo, base, cardVariant);
  }
}

async function cardPayment(ctx: FlowContext, pageKey: string, metodo: Body, base: Transaction, cardVariant: boolean): Promise<Answer> {
  const terminal = base.terminal;
  const cuotas = text(metodo, 'campo5');
  let brand: string;
  let last4: string;
  let approves: boolean;
  if (pageKey === 'pagotoken') {
    const token = await ctx.state.tokens.get(terminal, text(metodo, 'campo7'));
    // An unknown or foreign token is the gateway's rejection, not a malformed request.
    const problem =
      token === undefined
        ? 'El token no existe en esta terminal (o fue borrado)'
        : token.documento !== base.buyer.documento
          ? 'El token no pertenece al documento del comprador'
          : token.methodId !== base.methodId
            ? `El token es de una tarjeta del medio ${token.methodId}`
            : null;
    if (token === undefined || problem !== null) {
      const t: Transaction = {...base, status: 'rejected', codigoRespuesta: '1', numeroAutorizacion: '', descripcionRespuesta: problem ?? '', razonRechazo: problem ?? ''};
      await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
      return {status: 200, body: paymentAnswer(ctx, t)};
    }
    ({brand, last4} = token);
    approves = true;
  } else {
    const reading = readCard(base.methodId, metodo, true);
    if (!reading.ok) return bad(ctx, 'pago', reading.field, reading.message, cardVariant);
    brand = reading.facts.card.brand;
    last4 = reading.facts.last4;
    approves = reading.facts.approves;
  }
  const t: Transaction = approves
    ? {
        ...base,
        status: 'approved',
        paidAt: ctx.state.now(),
        codigoRespuesta: '0',
        numeroAutorizacion: authorization(),
        descripcionRespuesta: 'Transacción aprobada',
        card: {brand, last4, cuotas},
      }
    : {
        ...base,
        status: 'rejected',
        codigoRespuesta: '1',
        numeroAutorizacion: rejectedAuthorization(brand),
        descripcionRespuesta: 'Transacción rechazada por la entidad',
        razonRechazo: 'Tarjeta rechazada por la entidad',
        card: {brand, last4, cuotas},
      };
  // The payment and the token or recurrence it creates: one commit.
  const writes: Write[] = [];
  if (approves && pageKey === 'creartoken') {
    t.tokenTarjeta = newId();
    writes.push(write(ctx.state.tokens, terminal, t.tokenTarjeta, {token: t.tokenTarjeta, terminal, documento: base.buyer.documento, brand, methodId: base.methodId, last4}));
  }
  if (approves && pageKey === 'recurrente') {
    // A rejected first charge creates no recurrence (docs/guias/valores.mdx).
    writes.push(
      write(ctx.state.recurrences, terminal, `${base.buyer.documento}:${last4}`, {
        terminal,
        documento: base.buyer.documento,
        last4,
        periodo: text(metodo, 'campo6'),
        cobros: text(metodo, 'campo8'),
        codigoSeguimiento: t.codigoSeguimiento,
      }),
    );
  }
  await ctx.state.commit([...writes, write(ctx.state.transactions, terminal, t.codigoSeguimiento, t)]);
  return {status: 200, body: paymentAnswer(ctx, t)};
}

/** How a pending payment can be settled (the simulated bank and pay point pages, the inbox's "settle"). */
export const SETTLEMENTS = ['aprobada', 'rechazada', 'expirada'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/**
 * A pending payment settled (PSE, referenced or barcode, wallets, a pending
 * purchase of the purchase page): approved, rejected, or expired (rejected,
 * saying it expired unpaid). Pure: the caller commits it with its
 * confirmation (../confirmations.ts). A transaction that is not pending comes
 * back unchanged.
 */
export function settledTransaction(before: Transaction, outcome: Settlement, now: number): Transaction {
  if (before.status !== 'pending') return before;
  const {otp: _otp, ...t} = before;
  if (outcome === 'aprobada') {
    return {...t, status: 'approved', codigoRespuesta: '0', paidAt: now, numeroAutorizacion: authorization(), descripcionRespuesta: 'Transacción aprobada'};
  }
  const why = outcome === 'expirada' ? 'El pago venció sin completarse' : undefined;
  return {
    ...t,
    status: 'rejected',
    codigoRespuesta: '1',
    numeroAutorizacion: '',
    descripcionRespuesta: why ?? 'Transacción rechazada por el banco',
    razonRechazo: why ?? 'El comprador o el banco rechazó el pago',
  };
}

export async function finalizaPagoDaviplata(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'finalizaPagoDaviplata', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'finalizaPagoDaviplata', body);
  const codigo = text(body, 'codigoSeguimiento');
  const t = await ctx.state.transactions.get(terminal, codigo);
  if (t === undefined || t.group !== 'wallet1') {
    return {
      status: 200,
      body: {
        CodigoRespuesta: '1',
        CodigoSeguimiento: codigo,
        Descripción: 'No hay un pago con la primera billetera con ese codigoSeguimiento en la terminal.',
        estado: 'RECHAZADA',
      },
    };
  }
  if (t.status !== 'pending') {
    return {status: 200, body: {...paymentAnswer(ctx, t), Descripción: `El pago ya no está pendiente: ${t.descripcionRespuesta}.`}};
  }
  if (text(body, 'codigoOTP') !== t.otp) {
    t.otpAttempts = (t.otpAttempts ?? 0) + 1;
    const left = SANDBOX_RULES.otpAttempts - t.otpAttempts;
    if (left <= 0) {
      t.status = 'rejected';
      t.codigoRespuesta = '1';
      t.descripcionRespuesta = 'El código OTP no es válido; se agotaron los intentos';
      t.razonRechazo = t.descripcionRespuesta;
      t.numeroAutorizacion = '';
    }
    await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
    // While attempts are left the payment is still pending (code 2): the buyer may type the OTP again.
    const {numeroAutorizacion: _otp, ...answer} = paymentAnswer(ctx, t);
    const attemptsLeft = left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`;
    return {status: 200, body: left > 0 ? {...answer, Descripción: `El código OTP no es válido: ${attemptsLeft}.`} : answer};
  }
  t.status = 'approved';
  t.codigoRespuesta = '0';
  t.paidAt = ctx.state.now();
  t.numeroAutorizacion = authorization();
  t.descripcionRespuesta = 'Transacción aprobada';
  delete t.otp;
  await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  return {status: 200, body: paymentAnswer(ctx, t)};
}
