/** Payments the buyer completes later: a payment button (crearBotonPago) and a payment sent by e-mail (enviarPagoCorreo). */
import {errorMessage as m} from '../../words';
import {GLOBAL, newId, type PaymentLink} from '../records';
import {write} from '../../store/contract';
import {type Body, type Answer, type FlowContext, bad, text, checkToken} from './context';

export async function crearBotonPago(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'crearBotonPago', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const variable = body.usaValorVariable === true;
  if (variable && Number(text(body, 'montoMinimo')) > Number(text(body, 'montoMaximo'))) {
    return bad(ctx, 'crearBotonPago', 'montoMinimo', m('flows.montoMinimo'));
  }
  if (body.usaFechaVencimiento === true && text(body, 'fechaVencimiento') === '') {
    return bad(ctx, 'crearBotonPago', 'fechaVencimiento', m('flows.fechaVencimiento'));
  }
  const id = newId();
  const link: PaymentLink = {
    id,
    terminal,
    kind: 'button',
    nombre: text(body, 'nombreBoton'),
    descripcion: text(body, 'descripcion'),
    moneda: text(body, 'tipoMoneda') || 'COP',
    ...(variable ? {montoMinimo: text(body, 'montoMinimo'), montoMaximo: text(body, 'montoMaximo')} : {valor: text(body, 'valorTotal')}),
  };
  await ctx.state.commit([write(ctx.state.links, terminal, id, link), write(ctx.state.pointers, GLOBAL, `enlace:${id}`, {terminal, codigoSeguimiento: id})]);
  return {status: 200, body: {estado: '0', descripcion: 'Botón creado', idBoton: id, urlBoton: `${ctx.siteUrl}${ctx.base}/enlace/${id}`}};
}

export async function enviarPagoCorreo(ctx: FlowContext, body: Body): Promise<Answer> {
  const terminal = text(body, 'terminal');
  const refused = await checkToken(ctx, 'enviarPagoCorreo', text(body, 'tokenSeguridad'), terminal, 'tokenSeguridad');
  if (refused !== null) return refused;
  const id = newId();
  const link: PaymentLink = {
    id,
    terminal,
    kind: 'email',
    nombre: text(body, 'descripcion'),
    descripcion: text(body, 'descripcion'),
    moneda: text(body, 'tipoMoneda') || 'COP',
    valor: text(body, 'valor'),
    correo: text(body, 'correoDestinatario'),
  };
  await ctx.state.commit([write(ctx.state.links, terminal, id, link), write(ctx.state.pointers, GLOBAL, `enlace:${id}`, {terminal, codigoSeguimiento: id})]);
  // The sandbox sends no e-mail: the link is the answer.
  return {status: 200, body: {mensaje: `${ctx.siteUrl}${ctx.base}/enlace/${id}`, estado: 'true'}};
}
