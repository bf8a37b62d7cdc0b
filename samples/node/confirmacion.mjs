// Receptor de la confirmación (canal POST): la firma, lo que la firma no cubre y su pedido.
// Uso: LLAVE_TERMINAL=... PEDIDOS=pedidos.txt PUERTO=8080 node confirmacion.mjs
import {createHash, timingSafeEqual} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';

const llave = process.env.LLAVE_TERMINAL ?? '';
const campoFirma = process.env.CAMPO_FIRMA || 'firmaPasarela';
const archivoPedidos = process.env.PEDIDOS || 'pedidos.txt';
if (llave === '') throw new Error('Falta LLAVE_TERMINAL: sin llave ninguna firma prueba nada');

// transaccionAprobada -> estado del pedido, y a qué estados puede pasar cada uno (nunca hacia atrás).
const ESTADOS = new Map([
  ['1', 'aprobada'],
  ['0', 'pendiente'],
  ['-1', 'rechazada'],
  ['2', 'abortada'],
  ['3', 'reversada'],
]);
const SIGUIENTES = {pendiente: ['aprobada', 'rechazada', 'abortada', 'reversada'], aprobada: ['reversada']};

// Sus pedidos, una línea por pedido: "factura valor estado". En su tienda, su base de datos.
function leerPedidos() {
  const lineas = readFileSync(archivoPedidos, 'utf8')
    .split('\n')
    .filter((linea) => linea.trim() !== '');
  return new Map(lineas.map((linea) => linea.trim().split(/\s+/)).map(([factura, valor, estado]) => [factura, {valor, estado}]));
}
function guardarPedidos(pedidos) {
  writeFileSync(archivoPedidos, [...pedidos].map(([factura, p]) => `${factura} ${p.valor} ${p.estado}\n`).join(''));
}

leerPedidos(); // sin archivo de pedidos, falla al arrancar y no con la primera confirmación

function firmaValida(datos) {
  const texto = `${llave}${datos.get('codigoFactura') ?? ''}${datos.get('valorFactura') ?? ''}${datos.get('codigoAutorizacion') ?? ''}`;
  const esperada = Buffer.from(createHash('md5').update(texto, 'utf8').digest('hex'));
  const recibida = Buffer.from((datos.get(campoFirma) ?? '').toLowerCase());
  return recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
}

function atender(datos) {
  if (!firmaValida(datos)) return [400, 'FIRMA_INVALIDA'];
  // La firma no cubre transaccionAprobada: solo un pago aprobado trae un código de autorización real
  // (no vacío, ni 00000 o 00 de una tarjeta rechazada); uno reversado puede traer el del pago aprobado.
  const estado = ESTADOS.get(datos.get('transaccionAprobada'));
  if (estado === undefined) return [400, 'ESTADO_DESCONOCIDO'];
  const autoriza = !['', '00000', '00'].includes(datos.get('codigoAutorizacion') ?? '');
  if (estado !== 'reversada' && autoriza !== (estado === 'aprobada')) return [400, 'ESTADO_NO_CONCUERDA'];
  // La firma une las partes sin separador: compare factura y valor con su pedido, no con la firma.
  const pedidos = leerPedidos();
  const pedido = pedidos.get(datos.get('codigoFactura'));
  // Auténtica, pero de ningún pedido suyo: acúsela (200) y no entregue nada; con un error la pasarela la reintentaría.
  if (pedido === undefined) return [200, 'PEDIDO_DESCONOCIDO'];
  if (datos.get('valorFactura') !== pedido.valor) return [400, 'VALOR_DISTINTO'];
  if (estado === pedido.estado) return [200, 'REPETIDA'];
  if (!(SIGUIENTES[pedido.estado] ?? []).includes(estado)) return [409, 'CAMBIO_NO_PERMITIDO'];
  pedido.estado = estado;
  guardarPedidos(pedidos);
  // Aquí, si estado es 'aprobada', entregue el pedido: cada pedido llega a este punto una sola vez.
  return [200, 'OK'];
}

createServer(async (solicitud, respuesta) => {
  if (solicitud.method !== 'POST') return respuesta.writeHead(405).end();
  solicitud.setEncoding('utf8');
  let cuerpo = '';
  for await (const parte of solicitud) cuerpo += parte;
  const [estado, texto] = atender(new URLSearchParams(cuerpo));
  respuesta.writeHead(estado, {'content-type': 'text/plain; charset=utf-8'}).end(`${texto}\n`);
}).listen(Number(process.env.PUERTO ?? 8080), '127.0.0.1');
