/** autenticar: the sign-in that issues a tokenSeguridad. */
import {errorMessage as m} from '../../words';
import {type Body, type Answer, type FlowContext, say, text} from './context';

/** A sign-in from `address` (the client's): throttled per usuario and per address (Merchants.signIn). */
export async function autenticar(ctx: FlowContext, body: Body, address: string): Promise<Answer> {
  const result = await ctx.merchants.signIn(text(body, 'usuario'), text(body, 'clave'), address);
  if (result.kind === 'throttled') {
    const message = say(ctx, m('flows.signInThrottled', {seconds: result.retryAfterSeconds}));
    return {status: 429, headers: {'retry-after': String(result.retryAfterSeconds)}, body: {codigoRespuesta: '1', mensaje: message}};
  }
  const merchant = result.kind === 'ok' ? result.merchant : undefined;
  if (merchant === undefined || merchant.terminal !== text(body, 'terminal')) {
    return {status: 200, body: {codigoRespuesta: '1', mensaje: 'Usuario, clave o terminal no válidos.'}};
  }
  return {status: 200, body: {codigoRespuesta: '0', mensaje: 'Autenticación exitosa', tokenSeguridad: ctx.tokens.issue(merchant.terminal, merchant.cred)}};
}
