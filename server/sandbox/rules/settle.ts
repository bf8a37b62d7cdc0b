/**
 * The confirmation of a settled payment, pure: a
 * pending payment settled as approved, rejected or expired sends its
 * confirmation as the gateway would (docs/vpost/integracion.mdx, "Variables de respuesta y
 * confirmación"). A purchase of the purchase page confirms with the variables it
 * carried, re-signed; a REST or SOAP payment with the same variables built
 * from the transaction (the sandbox's decision: the gateway's REST
 * confirmation is not documented, so it is the POST channel's).
 */
import {paymentMethodById} from '../../../core/data/paymentMethods';
import {responseSignature} from '../../../core/signatures';
import type {Transaction} from '../gateway/records';
import {APPROVAL, methodName, resignedConfirmation} from './purchase';

/** transaccionAprobada of a settled transaction: approved 1, rejected or expired -1. */
export function approvalOf(t: Transaction): string {
  return t.status === 'approved' ? APPROVAL.aprobada : t.status === 'pending' ? APPROVAL.pendiente : APPROVAL.rechazada;
}

export function settledConfirmation(t: Transaction, llave: string, firmaName: string): {url: string | null; fields: Record<string, string>} {
  const approval = approvalOf(t);
  const codigoAutorizacion = t.status === 'approved' ? t.numeroAutorizacion : '';
  if (t.confirmation !== undefined) {
    return {url: t.confirmation.url, fields: resignedConfirmation(t.confirmation.fields, {approval, codigoAutorizacion, llave, firmaName})};
  }
  const method = paymentMethodById(t.methodId, 'demo');
  const fields: Record<string, string> = {
    codigoFactura: t.referencia,
    valorFactura: t.valor,
    transaccionAprobada: approval,
    codigoAutorizacion,
    [firmaName]: responseSignature(llave, t.referencia, t.valor, codigoAutorizacion),
    numeroTransaccion: t.numeroTransaccion,
    metodoPago: t.methodId,
    nombreMetodo: method !== undefined && method.demo !== null ? methodName({...method, demo: method.demo}) : t.methodId,
  };
  t.extras.forEach((value, i) => (fields[`campoExtra${i + 1}`] = value));
  return {url: null, fields};
}
