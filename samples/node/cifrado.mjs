// Cifra un valor de la tarjeta (campo1 a campo4) con RSA (PKCS#1 v1.5) y la llave pública, en hexadecimal.
// Uso: LLAVE_PUBLICA_PEM="$(cat llave.pem)" node cifrado.mjs 4111111111111111
import {constants, publicEncrypt} from 'node:crypto';

const llave = process.env.LLAVE_PUBLICA_PEM ?? '';
const valor = process.argv[2];
if (llave === '' || valor === undefined) throw new Error('Uso: LLAVE_PUBLICA_PEM=... node cifrado.mjs VALOR');

// 256 bytes con una llave de 2048 bits: 512 caracteres hexadecimales, distintos en cada ejecución.
console.log(publicEncrypt({key: llave, padding: constants.RSA_PKCS1_PADDING}, Buffer.from(valor, 'utf8')).toString('hex'));
