/** reversarTransaccionTarjeta: the reversal of an approved card payment. */
import {restoreExampleRecords} from '../examples';
import {type Body, type Answer, type FlowContext, text, checkToken} from './context';

export async function reversarTransaccionTarjeta(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'reversarTransaccionTarjeta', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'reversarTransaccionTarjeta', body);
  const t = await ctx.state.transactions.get(terminal, text(body, 'codigoSeguimiento'));
  const no = (mensaje: string): Answer => ({status: 200, body: {mensaje, estado: 'false'}});
  if (t === undefined) return no('No se encontró la transacción');
  if (t.group !== 'card') return no('Solo se reversan transacciones con tarjeta');
  if (t.status === 'reversed') return no('La transacción ya estaba reversada');
  if (t.status !== 'approved') return no('Solo se reversan transacciones aprobadas');
  if (t.referencia !== text(body, 'referencia') || t.numeroAutorizacion !== text(body, 'codigoAutorizacion') || Number(t.valor) !== Number(text(body, 'valorTotal'))) {
    return no('La referencia, la autorización o el valor no corresponden a la transacción');
  }
  t.status = 'reversed';
  t.codigoRespuesta = '4';
  t.descripcionRespuesta = 'Transacción reversada';
  await ctx.state.transactions.put(terminal, t.codigoSeguimiento, t);
  return {status: 200, body: {mensaje: 'Transacción reversada', estado: 'true'}};
}
