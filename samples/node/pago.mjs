// Formulario firmado del pago normal (canal POST), hecho en el servidor del comercio.
// Uso: LLAVE_TERMINAL=... USUARIO_COMERCIO=... URL_PAGINA_COMPRA=... node pago.mjs [instante ISO 8601]
import {createHash} from 'node:crypto';

const hex = (algoritmo, texto) => createHash(algoritmo).update(texto, 'utf8').digest('hex');

export function checksum(factura, valor, llave) {
  return hex('sha512', `${factura}${valor.split('.')[0]}${llave}`); // valor entero, sin decimales
}

export function tokenSeguridad(llave, instante) {
  const hora = new Date(instante.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(11, 16); // HH:mm en UTC-05:00
  return hex('md5', `${llave}${hora}`);
}

export function md5ValidacionValor(llave, valor) {
  return hex('md5', `${llave}${valor}`);
}

const html = (texto) => texto.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function formularioPago(compra, instante) {
  const llave = process.env.LLAVE_TERMINAL;
  if (!llave) throw new Error('Falta la variable de entorno LLAVE_TERMINAL');
  const campos = {
    usuario: process.env.USUARIO_COMERCIO ?? '',
    factura: compra.factura,
    valor: compra.valor,
    descripcionFactura: compra.descripcionFactura,
    checksum: checksum(compra.factura, compra.valor, llave),
    tokenSeguridad: tokenSeguridad(llave, instante),
    md5ValidacionValor: md5ValidacionValor(llave, compra.valor),
    ...compra.comprador,
  };
  const entradas = Object.entries(campos).map(([nombre, valor]) => `  <input type="hidden" name="${nombre}" value="${html(valor)}">\n`);
  return `<form action="${html(process.env.URL_PAGINA_COMPRA ?? '')}" method="post" accept-charset="utf-8">\n${entradas.join('')}  <button type="submit">Pagar</button>\n</form>\n`;
}

const instante = process.argv[2] ? new Date(process.argv[2]) : new Date();
process.stdout.write(
  formularioPago(
    {
      factura: 'FAC-000123',
      valor: '150000',
      descripcionFactura: 'Compra de prueba',
      comprador: {
        tipoDocumento: 'CC',
        documentoComprador: '1020304050',
        nombreComprador: 'Ana',
        apellidoComprador: 'Pérez',
        correoComprador: 'ana.perez@example.com',
        celularComprador: '3001234567',
        direccionComprador: 'Calle 10 # 20-30',
      },
    },
    instante,
  ),
);
