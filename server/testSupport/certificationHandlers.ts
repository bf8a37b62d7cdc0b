/**
 * A merchant's confirmation handler and return page, as the certification's
 * tests need them: the recipe of /vpost/integracion (the signature, the status
 * against the signed authorization code, resends acknowledged the same way),
 * and each way of getting it wrong that the certification must catch, one
 * fault per variant.
 */
import {createHash, timingSafeEqual} from 'node:crypto';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

export type HandlerFault = 'none' | 'noSignatureCheck' | 'acceptsEditedStatus' | 'slow' | 'failsOnResend' | 'redirects';

export interface TestHandler {
  readonly confirmationUrl: string;
  readonly returnUrl: string;
  /** How many confirmations it received. */
  received(): number;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export async function startHandler(options: {readonly llave: string; readonly firmaName: string; readonly fault?: HandlerFault}): Promise<TestHandler> {
  const fault = options.fault ?? 'none';
  const seen = new Map<string, string>();
  let count = 0;
  let queue = Promise.resolve();
  const signatureOk = (f: URLSearchParams) => {
    if (options.llave === '') return false;
    const expected = Buffer.from(md5(`${options.llave}${f.get('codigoFactura') ?? ''}${f.get('valorFactura') ?? ''}${f.get('codigoAutorizacion') ?? ''}`));
    const given = Buffer.from((f.get(options.firmaName) ?? '').toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const statusOk = (f: URLSearchParams) => {
    const code = f.get('codigoAutorizacion') ?? '';
    const authorizes = code !== '' && code !== '00000' && code !== '00';
    const status = f.get('transaccionAprobada');
    if (status === '3') return true;
    return authorizes === (status === '1');
  };
  const confirm = (f: URLSearchParams): [number, string] => {
    if (fault !== 'noSignatureCheck' && !signatureOk(f)) return [400, 'FIRMA_INVALIDA'];
    if (fault !== 'acceptsEditedStatus' && !statusOk(f)) return [400, 'ESTADO_NO_CONCUERDA'];
    const key = `${f.get('codigoFactura')}:${f.get('transaccionAprobada')}`;
    if (seen.has(key)) return fault === 'failsOnResend' ? [409, 'YA_RECIBIDA'] : [200, 'REPETIDA'];
    seen.set(key, 'ok');
    return [200, 'OK'];
  };
  const page = (f: URLSearchParams): string => {
    const verified = signatureOk(f) && statusOk(f);
    const state = !verified ? 'no verificado' : f.get('transaccionAprobada') === '1' ? 'pago aprobado' : 'pago no aprobado';
    return `<!doctype html><title>Su compra</title><h1>Factura ${f.get('codigoFactura') ?? ''}</h1><p>${state}</p>`;
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const fields = new URLSearchParams(body);
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/retorno') {
        if (fault === 'redirects') response.writeHead(302, {location: 'https://tienda.example/gracias'}).end();
        else response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(page(fields));
        return;
      }
      count++;
      const answer = () => {
        const [status, text] = confirm(fields);
        response.writeHead(status, {'content-type': 'text/plain; charset=utf-8'}).end(text);
      };
      // The slow variant serves one confirmation at a time, each taking a while: fine one by one, too slow in a burst.
      if (fault === 'slow') queue = queue.then(() => new Promise<void>((resolve) => setTimeout(() => (answer(), resolve()), 700)));
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    confirmationUrl: `http://127.0.0.1:${port}/confirmacion`,
    returnUrl: `http://127.0.0.1:${port}/retorno`,
    received: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
