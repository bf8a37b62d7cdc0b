/**
 * The recipe of /vpost/integracion?tab=sonda in core/confirmation.ts: what the
 * signature covers and what must be checked besides it.
 */
import {ALLOWED_CHANGES, authorizes, checkConfirmation, type ConfirmationStatus} from '../confirmation';
import {responseSignature} from '../signatures';

const KEY = 'LlaveDePrueba123';
const FIRMA = 'firmaPasarela';

function fields(status: string, code: string, factura = 'FAC-000123', valor = '150000'): Map<string, string> {
  return new Map([
    ['codigoFactura', factura],
    ['valorFactura', valor],
    ['transaccionAprobada', status],
    ['codigoAutorizacion', code],
    [FIRMA, responseSignature(KEY, factura, valor, code)],
  ]);
}
const check = (f: Map<string, string>, order?: {factura: string; valor: string; estado?: ConfirmationStatus}) => {
  const result = checkConfirmation(f, KEY, 'Pasarela', order);
  if (!result.ok) throw new Error(result.error.kind);
  return result.check;
};
const kinds = (f: Map<string, string>, order?: {factura: string; valor: string; estado?: ConfirmationStatus}) => check(f, order).problems.map((p) => p.kind);

it('an authorization code authorizes only when it is neither empty nor a rejected card code', () => {
  expect(['', ' ', '00000', '00'].map(authorizes)).toEqual([false, false, false, false]);
  expect(['548712', '0', '000'].map(authorizes)).toEqual([true, true, true]);
});

it('a correctly signed status that the code contradicts is refused: the signature does not cover transaccionAprobada', () => {
  expect(kinds(fields('1', '00000'))).toEqual(['approvedWithoutAuthorization']);
  expect(kinds(fields('1', '00'))).toEqual(['approvedWithoutAuthorization']);
  expect(kinds(fields('1', ''))).toEqual(['approvedWithoutAuthorization']);
  expect(kinds(fields('-1', '548712'))).toEqual(['authorizationWithoutApproval']);
  expect(kinds(fields('7', ''))).toEqual(['unknownStatus']);
  // What the gateway sends: approved with a code, rejected with the brand's code, pending and aborted with none,
  // reversed with or without the approved payment's code.
  for (const [status, code] of [
    ['1', '548712'],
    ['-1', '00000'],
    ['-1', '00'],
    ['-1', ''],
    ['0', ''],
    ['2', ''],
    ['3', '548712'],
    ['3', ''],
  ]) {
    expect(kinds(fields(status!, code!))).toEqual([]);
  }
});

it('digits shifted between amount and code keep the signature, and only the stored order tells', () => {
  const shifted = fields('1', '48712', 'FAC-000123', '1500005');
  expect(shifted.get(FIRMA)).toBe(fields('1', '548712').get(FIRMA));
  expect(kinds(shifted)).toEqual([]);
  expect(kinds(shifted, {factura: 'FAC-000123', valor: '150000'})).toEqual(['otherAmount']);
});

it('an empty key verifies nothing', () => {
  expect(checkConfirmation(fields('1', '548712'), '', 'Pasarela')).toEqual({ok: false, error: {kind: 'emptyKey'}});
});

it('states only move forward, a repeat is applied once, and only a new approval of a matching order delivers', () => {
  expect(ALLOWED_CHANGES.successful).toEqual(['reversed']);
  const order = {factura: 'FAC-000123', valor: '150000'};
  expect(check(fields('1', '548712'), order)).toMatchObject({deliver: true, repeated: false, problems: []});
  expect(check(fields('1', '548712'), {...order, estado: 'successful'})).toMatchObject({deliver: false, repeated: true, problems: []});
  expect(kinds(fields('1', '548712'), {...order, estado: 'reversed'})).toEqual(['backwards']);
  expect(kinds(fields('3', '548712'), {...order, estado: 'successful'})).toEqual([]);
  expect(kinds(fields('-1', '00000'), {...order, estado: 'successful'})).toEqual(['backwards']);
  expect(check(fields('1', '548712'))).toMatchObject({deliver: false, orderChecked: false});
});
