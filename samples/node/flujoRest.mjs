// Flujo REST: autenticar -> pago con tarjeta -> consulta del estado.
// Uso: URL_AUTENTICACION=... URL_API=... USUARIO_API=... CLAVE_API=... TERMINAL=... LLAVE_PUBLICA_PEM="$(cat llave.pem)" node flujoRest.mjs
import {constants, publicEncrypt, randomBytes} from 'node:crypto';

const {URL_AUTENTICACION, URL_API, USUARIO_API, CLAVE_API, TERMINAL, LLAVE_PUBLICA_PEM} = process.env;

async function llamar(url, cuerpo) {
  const respuesta = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(cuerpo)});
  if (!respuesta.ok) throw new Error(`${url}: HTTP ${respuesta.status} ${await respuesta.text()}`);
  return respuesta.json();
}

// Los campos de la tarjeta van cifrados con RSA (PKCS#1 v1.5) y la llave pública de la pasarela, en hexadecimal.
const cifrar = (texto) => publicEncrypt({key: LLAVE_PUBLICA_PEM, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(texto)).toString('hex');

const {codigoRespuesta, tokenSeguridad} = await llamar(`${URL_AUTENTICACION}/autenticar`, {usuario: USUARIO_API, clave: CLAVE_API, terminal: TERMINAL});
if (codigoRespuesta !== '0') throw new Error(`autenticar: codigoRespuesta ${codigoRespuesta}`);

const referencia = `PED-${randomBytes(4).toString('hex')}`;
const pago = await llamar(`${URL_API}/confirmacionTransaccionMedioPago`, {
  MetodoPago: {Id: '37', campo1: cifrar('4111111111111111'), campo2: cifrar('123'), campo3: cifrar('2027'), campo4: cifrar('12'), campo5: '1'},
  Referencia: referencia,
  Valortotal: '150000',
  Valorbase: '0',
  Valoriva: '0',
  Descripcion: 'Compra de prueba',
  Correo: 'ana.perez@example.com',
  Nombre: 'Ana',
  Apellido: 'Pérez',
  Documento: '1020304050',
  tipoDocumento: '1',
  Terminal: TERMINAL,
  tokenSeguridad,
});
console.log(`pago: CodigoRespuesta ${pago.CodigoRespuesta}, estado ${pago.estado}, CodigoSeguimiento ${pago.CodigoSeguimiento}`);

const estado = await llamar(`${URL_API}/consultarEstadoTransaccion`, {
  terminal: TERMINAL,
  referencia,
  codigoSeguimiento: pago.CodigoSeguimiento,
  tokenSeguridad,
  estadoPago: true,
  valorTotal: true,
});
console.log(`consulta: codigoRespuesta ${estado.codigoRespuesta}, estadoPago ${estado.estadoPago}, valorTotal ${estado.valorTotal}`);
