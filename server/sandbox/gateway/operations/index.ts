/**
 * The gateway's operations as the sandbox runs them, one module per operation
 * or family (./context.ts holds what they share); the REST and SOAP routes
 * (../../routes/rest.ts, ../../routes/soap.ts) call them by operationId.
 */
export * from './context';
export {autenticar} from './authentication';
export {pago, finalizaPagoDaviplata, SETTLEMENTS, settledTransaction, type Settlement} from './payments';
export {consultarEstadoTransaccion} from './statusQuery';
export {consultaInfoToken, crearTokenTarjeta, eliminarRecurrenciaToken} from './cardTokens';
export {reversarTransaccionTarjeta} from './reversal';
export {listarBancos} from './banks';
export {crearBotonPago, enviarPagoCorreo} from './paymentLinks';
export {consultarTransacciones} from './reconciliation';
