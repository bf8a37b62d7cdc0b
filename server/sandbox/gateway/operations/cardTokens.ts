/** Card tokens: creating one, reading a token's card, and deleting a token's recurrence. */
import {SANDBOX_FRANCHISES} from '../../../../core/data/sandbox';
import {readCard} from '../card';
import {restoreExampleRecords} from '../examples';
import {errorMessage as m} from '../../words';
import {newId} from '../records';
import {type Body, type Answer, type FlowContext, bad, demoIds, text, checkToken} from './context';
import {paymentMethodById} from '../../../../core/data/paymentMethods';

export async function consultaInfoToken(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'consultaInfoToken', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'consultaInfoToken', body);
  const token = await ctx.state.tokens.get(terminal, text(body, 'tokenTarjeta'));
  if (token === undefined) return {status: 200, body: {estado: '99', descripcion: 'El token no existe en esta terminal'}};
  if (token.documento !== text(body, 'documentoCliente')) return {status: 200, body: {estado: '99', descripcion: 'El token no corresponde al documento del cliente'}};
  return {
    status: 200,
    body: {
      franquicia: SANDBOX_FRANCHISES[token.brand as keyof typeof SANDBOX_FRANCHISES] ?? token.brand,
      ultimosNumeros: token.last4,
      estado: '0',
      descripcion: 'Consulta exitosa',
    },
  };
}

export async function eliminarRecurrenciaToken(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'eliminarRecurrenciaToken', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  await restoreExampleRecords(ctx, 'eliminarRecurrenciaToken', body);
  const documento = text(body, 'identificacion');
  const last4 = text(body, 'ultimosDigitos');
  if (text(body, 'tipoBorrado') === '1') {
    const done = await ctx.state.recurrences.delete(terminal, `${documento}:${last4}`);
    return {status: 200, body: done ? {mensaje: 'Recurrencia eliminada', estado: 'true'} : {mensaje: 'No se encontró una recurrencia con esos datos', estado: 'false'}};
  }
  const matches = (await ctx.state.tokens.list(terminal)).filter((t) => t.documento === documento && t.last4 === last4);
  for (const token of matches) await ctx.state.tokens.delete(terminal, token.token);
  return {status: 200, body: matches.length > 0 ? {mensaje: 'Token eliminado', estado: 'true'} : {mensaje: 'No se encontró una tarjeta con esos datos', estado: 'false'}};
}

export async function crearTokenTarjeta(ctx: FlowContext, body: Body): Promise<Answer> {
  const metodo = (body.MetodoPago ?? {}) as Body;
  const id = text(metodo, 'Id');
  const method = paymentMethodById(id);
  if (method === undefined || String(method.demo) !== id) {
    return bad(ctx, 'crearTokenTarjeta', 'MetodoPago.Id', m('flows.cardProduction', {id, demo: demoIds('card')}));
  }
  const terminal = text(body, 'Terminal');
  const refused = await checkToken(ctx, 'crearTokenTarjeta', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const reading = readCard(id, metodo, false);
  if (!reading.ok) return bad(ctx, 'crearTokenTarjeta', reading.field, reading.message);
  if (!reading.facts.approves) return {status: 200, body: {CodigoRespuesta: '1', Descripción: 'La tarjeta fue rechazada', estado: 'RECHAZADA'}};
  const token = newId();
  await ctx.state.tokens.put(terminal, token, {token, terminal, documento: text(body, 'Documento'), brand: reading.facts.card.brand, methodId: id, last4: reading.facts.last4});
  return {status: 200, body: {CodigoRespuesta: '0', Descripción: 'Token creado', estado: 'OK', tokenTarjeta: token}};
}
