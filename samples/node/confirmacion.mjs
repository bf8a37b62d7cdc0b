// Receptor de la confirmación (canal POST). Uso: LLAVE_TERMINAL=... PUERTO=8080 node confirmacion.mjs
import {createHash, timingSafeEqual} from 'node:crypto';
import {createServer} from 'node:http';

const llave = process.env.LLAVE_TERMINAL;
const campoFirma = process.env.CAMPO_FIRMA ?? 'firmaPasarela';
if (!llave) throw new Error('Falta la variable de entorno LLAVE_TERMINAL');

function firmaValida(datos) {
  const texto = `${llave}${datos.get('codigoFactura') ?? ''}${datos.get('valorFactura') ?? ''}${datos.get('codigoAutorizacion') ?? ''}`;
  const esperada = Buffer.from(createHash('md5').update(texto, 'utf8').digest('hex'));
  const recibida = Buffer.from((datos.get(campoFirma) ?? '').toLowerCase());
  return recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
}

createServer(async (solicitud, respuesta) => {
  if (solicitud.method !== 'POST') return respuesta.writeHead(405).end();
  solicitud.setEncoding('utf8');
  let cuerpo = '';
  for await (const parte of solicitud) cuerpo += parte;
  if (!firmaValida(new URLSearchParams(cuerpo))) {
    return respuesta.writeHead(400, {'content-type': 'text/plain; charset=utf-8'}).end('firma no válida\n');
  }
  // Firma válida: registre el resultado (transaccionAprobada 1 aprobada, 0 pendiente,
  // -1 rechazada, 2 abortada, 3 reversada) de la factura codigoFactura.
  respuesta.writeHead(200, {'content-type': 'text/plain; charset=utf-8'}).end('OK\n');
}).listen(Number(process.env.PUERTO ?? 8080), '127.0.0.1');
