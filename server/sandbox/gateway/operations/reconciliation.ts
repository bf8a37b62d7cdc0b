/** consultarTransacciones: the reconciliation of a terminal's transactions between two dates, page by page. */
import {RECONCILIATION_PAGE_SIZE} from '../../../../core/data/resultCodes';
import {errorMessage as m} from '../../words';
import {type Body, type Answer, type FlowContext, localDateTime, refusal, say, bad, checkToken} from './context';
import {STATUS_WORDS, methodName} from './statusQuery';

/** GET /conciliacion/{terminal}/{fecha_inicio}/{fecha_fin}/{pagina}, the token in Authorization. */
export async function consultarTransacciones(
  ctx: FlowContext,
  params: {terminal: string; fecha_inicio: string; fecha_fin: string; pagina: number},
  authorizationHeader: string | undefined,
): Promise<Answer> {
  const token = (authorizationHeader ?? '').replace(/^Bearer\s+/i, '').trim();
  if (token === '') {
    const message = say(ctx, m('flows.authorizationMissing'));
    return {status: 401, body: {...refusal('consultarTransacciones', message, [{field: 'Authorization', message}]), status: '401'}};
  }
  const refused = await checkToken(ctx, 'consultarTransacciones', token, params.terminal, 'Authorization');
  if (refused !== null) return {status: 401, body: {...(refused.body as Body), status: '401'}};
  if (params.fecha_fin < params.fecha_inicio) return bad(ctx, 'consultarTransacciones', 'fecha_fin', m('flows.fechaFin'));
  const inRange = (await ctx.state.transactions.list(params.terminal)).filter((t) => {
    const day = localDateTime(t.createdAt).date;
    return day >= params.fecha_inicio && day <= params.fecha_fin;
  });
  const page = inRange.slice((params.pagina - 1) * RECONCILIATION_PAGE_SIZE, params.pagina * RECONCILIATION_PAGE_SIZE);
  const transacciones = page.map((t) => {
    // The payment's date and time, as the status query gives them: none for a payment that was never paid.
    const when = t.paidAt !== undefined ? localDateTime(t.paidAt) : {date: '', time: ''};
    return {
      referencia: t.referencia,
      codigoSeguimiento: t.codigoSeguimiento,
      numeroTransaccion: t.numeroTransaccion,
      metodoDePago: methodName(t),
      valorTotal: t.valor,
      estadoPago: STATUS_WORDS[t.status],
      fechaPago: when.date,
      horaPago: when.time,
      codigoAutorizacion: t.numeroAutorizacion,
    };
  });
  const mensaje = transacciones.length > 0 ? `Página ${params.pagina}: ${transacciones.length} de ${inRange.length} transacciones` : 'No hay transacciones en esta página';
  return {status: 200, body: {mensaje, status: '200', transacciones}};
}
