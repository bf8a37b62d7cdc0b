/** listarBancos: the PSE banks of the sandbox. */
import {errorMessage as m} from '../../words';
import {type Body, type Answer, type FlowContext, bad, demoIds, text, checkToken} from './context';
import {paymentMethodById} from '../../../../core/data/paymentMethods';

export async function listarBancos(ctx: FlowContext, body: Body): Promise<Answer> {
  const id = text(body, 'idMetodoPago');
  const method = paymentMethodById(id);
  if (method === undefined || String(method.demo) !== id) {
    return bad(ctx, 'listarBancos', 'idMetodoPago', m('flows.pseProduction', {id, demo: demoIds('pse')}));
  }
  const refused = await checkToken(ctx, 'listarBancos', text(body, 'accessToken'), text(body, 'terminal'), 'accessToken');
  if (refused !== null) return refused;
  return {status: 200, body: ctx.banks};
}
