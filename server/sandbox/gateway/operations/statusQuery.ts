/** consultarEstadoTransaccion: a transaction's state, with every value the gateway's status answer carries. */
import {SANDBOX_FRANCHISES} from '../../../../core/data/sandbox';
import {restoreExampleRecords} from '../examples';
import type {Transaction} from '../records';
import {type Body, type Answer, type FlowContext, localDateTime, text, checkToken} from './context';

export const STATUS_WORDS = {approved: 'Aprobada', rejected: 'Rechazada', pending: 'Pendiente', reversed: 'Reversada'} as const;

export function methodName(t: Transaction): string {
  if (t.card !== undefined) return SANDBOX_FRANCHISES[t.card.brand as keyof typeof SANDBOX_FRANCHISES] ?? t.card.brand;
  return {referenced: 'Pago referenciado', barcode: 'Código de barras', pse: 'PSE', wallet1: 'Primera billetera', wallet2: 'Segunda billetera', card: 'Tarjeta'}[t.group];
}

/** Every value the status query can ask for, from a transaction. */
function statusValues(t: Transaction): Record<string, string> {
  const paid = t.paidAt !== undefined ? localDateTime(t.paidAt) : {date: '', time: ''};
  const approved = t.status === 'approved';
  const values: Record<string, string> = {
    serialfacturacion: t.serial ?? '',
    idfactura: t.referencia,
    metodoDePago: methodName(t),
    banco: t.bank?.name ?? '',
    valorPagado: approved ? t.valor : '0',
    valorIva: t.valorIva,
    valorBase: t.valorBase,
    valorTotal: t.valor,
    valorReteiva: '0',
    valorReteica: '0',
    valorRetefuente: '0',
    descripcion: t.descripcion,
    descripcion2: '',
    detalle: t.descripcionRespuesta,
    fechaPago: paid.date,
    fechaPagopse: t.group === 'pse' ? paid.date : '',
    horaPago: paid.time,
    transaccionConfirmada: approved ? 'true' : 'false',
    codigoAutorizacion: t.numeroAutorizacion,
    numeroCoutas: t.card?.cuotas ?? '',
    documentoComprador: t.buyer.documento,
    nombreComprador: t.buyer.nombre,
    apellidoComprador: t.buyer.apellido,
    correoComprador: t.buyer.correo,
    telefonoComprador: t.buyer.telefono,
    celularComprador: t.buyer.celular,
    direccionComprador: t.buyer.direccion,
    estadoPago: STATUS_WORDS[t.status],
    razonRechazo: t.razonRechazo,
    numeroTransaccion: t.numeroTransaccion,
    paisemisor: t.card !== undefined ? 'CO' : '',
    valorComisionbancaria: '0',
    valorDepositoBanco: approved ? t.valor : '0',
    bancoRecaudador: t.bank?.name ?? '',
    codigoTransaccion: t.codigoSeguimiento,
  };
  t.extras.forEach((value, i) => (values[`campoextra${i + 1}`] = value));
  return values;
}

export async function consultarEstadoTransaccion(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'consultarEstadoTransaccion', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'consultarEstadoTransaccion', body);
  const t = await ctx.state.transactions.get(terminal, text(body, 'codigoSeguimiento'));
  if (t === undefined || t.referencia !== text(body, 'referencia')) {
    return {status: 200, body: {codigoRespuesta: '1', descripcionRespuesta: 'No se encontró información de la transacción'}};
  }
  const values = statusValues(t);
  const asked = Object.fromEntries(Object.entries(values).filter(([flag]) => body[flag] === true));
  return {status: 200, body: {codigoRespuesta: '0', descripcionRespuesta: 'Consulta exitosa', ...asked}};
}
