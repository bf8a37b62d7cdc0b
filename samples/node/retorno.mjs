// Página de respuesta (canal POST): a ella vuelve el comprador con las variables de respuesta.
// Uso: LLAVE_TERMINAL=... PUERTO=8081 node retorno.mjs
// Solo informa al comprador: el pedido se entrega por la confirmación (confirmacion.mjs), nunca desde aquí.
import {createHash, timingSafeEqual} from 'node:crypto';
import {createServer} from 'node:http';

const llave = process.env.LLAVE_TERMINAL ?? '';
const campoFirma = process.env.CAMPO_FIRMA || 'firmaPasarela';
const MENSAJES = {
  1: 'Pago aprobado: su pedido sale cuando llegue la confirmación.',
  0: 'Pago pendiente: le avisaremos cuando se confirme.',
  '-1': 'El pago no se aprobó.',
  2: 'El pago no se completó.',
  3: 'El pago se reversó.',
};
const html = (texto) => texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// La respuesta pasa por el navegador del comprador: sin la firma y un estado que concuerde con el
// código de autorización (firmado), no le diga que pagó.
function verificada(datos) {
  const texto = `${llave}${datos.get('codigoFactura') ?? ''}${datos.get('valorFactura') ?? ''}${datos.get('codigoAutorizacion') ?? ''}`;
  const esperada = Buffer.from(createHash('md5').update(texto, 'utf8').digest('hex'));
  const recibida = Buffer.from((datos.get(campoFirma) ?? '').toLowerCase());
  const estado = datos.get('transaccionAprobada') ?? '';
  const autoriza = !['', '00000', '00'].includes(datos.get('codigoAutorizacion') ?? '');
  const firmada = llave !== '' && recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
  return firmada && estado in MENSAJES && (estado === '3' || autoriza === (estado === '1'));
}

createServer(async (solicitud, respuesta) => {
  solicitud.setEncoding('utf8');
  let cuerpo = '';
  for await (const parte of solicitud) cuerpo += parte;
  const datos = new URLSearchParams(cuerpo); // solo el cuerpo: la dirección la puede cambiar cualquiera
  const mensaje = verificada(datos) ? MENSAJES[datos.get('transaccionAprobada')] : 'No pudimos verificar esta respuesta: consulte el estado de su pedido.';
  respuesta
    .writeHead(200, {'content-type': 'text/html; charset=utf-8'})
    .end(
      `<!doctype html>\n<html lang="es"><meta charset="utf-8"><title>Su compra</title>\n<h1>Factura ${html(datos.get('codigoFactura') ?? '')}</h1>\n<p>${html(mensaje)}</p>\n</html>\n`,
    );
}).listen(Number(process.env.PUERTO ?? 8081), '127.0.0.1');
