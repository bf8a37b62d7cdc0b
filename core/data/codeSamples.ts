/**
 * The code samples of the global dialog: one per transaction type, and the
 * card-field encryption sample.
 *
 * HTML samples are complete forms built from one description per transaction
 * type: the variables each type needs, posted as UTF-8 to the configured demo
 * purchase endpoint through a small payment helper script. The facts
 * here (variable names and values, which type needs what) are checked by
 * core/data/__tests__/codeSamples.test.ts against the documented variables.
 */
import {DEMO_CARD_IDS} from './paymentMethods';
import type {TransactionPath} from './transactionTypes';
import type {SampleKey} from './sampleKeys';
import type {Locale} from '../locale';

export {SAMPLE_KEYS, isSampleKey, type SampleKey} from './sampleKeys';
export type SampleFormat = 'html' | 'javascript';
/** The samples' languages: the portal's locales (core/locale.ts). */
export type SampleLocale = Locale;

/** A form variable: hidden ones are system values, the others buyer data. */
export interface FormField {
  readonly name: string;
  readonly value: string;
  readonly hidden?: boolean;
}

const invoice: readonly FormField[] = [
  {name: 'usuario', value: '', hidden: true},
  {name: 'factura', value: 'FAC-000123', hidden: true},
  {name: 'valor', value: '150000', hidden: true},
  {name: 'descripcionFactura', value: 'Compra de prueba', hidden: true},
];

/** The seven mandatory buyer variables of /vpost/integracion (the general payment's reading, five, is pagogeneral's below). */
const buyer: readonly FormField[] = [
  {name: 'tipoDocumento', value: 'CC'},
  {name: 'documentoComprador', value: '1020304050'},
  {name: 'nombreComprador', value: 'Ana'},
  {name: 'apellidoComprador', value: 'Pérez'},
  {name: 'correoComprador', value: 'ana.perez@example.com'},
  {name: 'celularComprador', value: '3001234567'},
  {name: 'direccionComprador', value: 'Calle 10 # 20-30'},
];

const visa = String(DEMO_CARD_IDS.visa);

/** Exactly the variables each transaction type posts, in form order. */
export const SAMPLE_FIELDS: Readonly<Record<TransactionPath, readonly FormField[]>> = {
  pagonormal: [...invoice, ...buyer],
  pagounico: [...invoice, {name: 'metodoPago', value: visa, hidden: true}, ...buyer],
  pagorecurrente: [
    ...invoice,
    {name: 'metodoPago', value: visa, hidden: true},
    {name: 'recurrencia', value: '1', hidden: true},
    {name: 'periodo', value: '30', hidden: true},
    {name: 'cantidadCobros', value: '12', hidden: true},
    ...buyer,
  ],
  generatoken: [
    ...invoice,
    {name: 'metodoPago', value: visa, hidden: true},
    {name: 'recurrencia', value: '1', hidden: true},
    {name: 'periodo', value: '0', hidden: true},
    ...buyer,
  ],
  pagotoken: [...invoice, {name: 'metodoPago', value: visa, hidden: true}, {name: 'tokenTarjeta', value: 'TOKEN-DE-LA-TARJETA', hidden: true}, ...buyer],
  // The general payment: the second reading of the buyer variables (five
  // mandatory, the rest optional) and tokenSeguridad mandatory.
  pagogeneral: [
    ...invoice,
    {name: 'tokenSeguridad', value: '', hidden: true},
    {name: 'tipoMoneda', value: 'COP', hidden: true},
    {name: 'lenguaje', value: 'ES', hidden: true},
    {name: 'valorBase', value: '126050', hidden: true},
    {name: 'valorIva', value: '23950', hidden: true},
    {name: 'tipoDocumento', value: 'CC'},
    {name: 'documentoComprador', value: '1020304050'},
    {name: 'nombreComprador', value: 'Ana'},
    {name: 'apellidoComprador', value: 'Pérez'},
    {name: 'correoComprador', value: 'ana.perez@example.com'},
    {name: 'celularComprador', value: '3001234567'},
    {name: 'ciudadComprador', value: 'Bogotá'},
    {name: 'campoExtra1', value: 'pedido-web-77'},
  ],
};

/**
 * Values that are words, in English for the English page; names, numbers,
 * codes and the address stay as they are.
 */
const ENGLISH_VALUES: Readonly<Record<string, string>> = {
  descripcionFactura: 'Test purchase',
  tokenTarjeta: 'CARD-TOKEN',
  campoExtra1: 'web-order-77',
};

/** The variables a transaction type posts, with the values of the sample in `locale`. */
export function sampleFields(path: TransactionPath, locale: SampleLocale): readonly FormField[] {
  return SAMPLE_FIELDS[path].map((field) => {
    const english = locale === 'en' ? ENGLISH_VALUES[field.name] : undefined;
    return english === undefined ? field : {...field, value: english};
  });
}

/** The identifiers of the sample's own code, in the reader's language. */
const CODE_NAMES: Record<SampleLocale, {form: string; helper: string; method: string; key: string; user: string; event: string; formVar: string}> = {
  es: {form: 'formularioPago', helper: 'pasarelaPago', method: 'metodo', key: 'llave', user: 'usuario', event: 'evento', formVar: 'formulario'},
  en: {form: 'paymentForm', helper: 'paymentGateway', method: 'method', key: 'key', user: 'user', event: 'event', formVar: 'form'},
};

const TEXT: Record<SampleLocale, {pay: string; helper: string; key: string; token: string}> = {
  es: {
    pay: 'Pagar',
    helper: 'Ayudante de pago: envía el formulario a la página de compra por POST y en UTF-8.',
    key: 'La llave de la terminal se usa en su servidor (firma, tokenSeguridad); no la publique en la página.',
    token: 'tokenSeguridad = MD5(llave + HH:mm en UTC-05:00), calculado en su servidor.',
  },
  en: {
    pay: 'Pay',
    helper: 'Payment helper: posts the form to the purchase page with POST and UTF-8.',
    key: 'The terminal key is used on your server (signature, tokenSeguridad); never publish it in the page.',
    token: 'tokenSeguridad = MD5(key + HH:mm in UTC-05:00), computed on your server.',
  },
};

/** A single-quoted JavaScript string that stays inside its <script>. */
function jsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/</g, '\\x3c')}'`;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * A complete HTML page with the sample form and the payment helper. The form
 * names its action, method and charset itself, so it posts correctly even
 * without the script; the helper sets them again from its settings
 * and fills in the merchant user, so a merchant edits one place. `usuario`
 * (empty by default, as the helper's) is the reader's sandbox user when the
 * portal knows it (src/lib/sandboxCredentials.ts).
 */
export function buildHtmlSample(path: TransactionPath, demoEndpoint: string, locale: SampleLocale, title: string, usuario = ''): string {
  const t = TEXT[locale];
  const n = CODE_NAMES[locale];
  const fields = sampleFields(path, locale).map((field) => (field.name === 'usuario' ? {...field, value: usuario} : field));
  const inputs = fields.map((field) => {
    const attrs = `name="${field.name}" value="${escapeAttr(field.value)}"`;
    const input = field.hidden === true ? `<input type="hidden" ${attrs}>` : `<label>${field.name} <input type="text" ${attrs}></label>`;
    const note = field.name === 'tokenSeguridad' ? `    <!-- ${t.token} -->\n` : '';
    return `${note}    ${input}`;
  });
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
</head>
<body>
  <form id="${n.form}" action="${escapeAttr(demoEndpoint)}" method="post" accept-charset="utf-8">
${inputs.join('\n')}
    <button type="submit">${t.pay}</button>
  </form>
  <script>
    // ${t.helper}
    // ${t.key}
    var ${n.helper} = {
      url: ${jsString(demoEndpoint)},
      ${n.method}: 'POST',
      ${n.key}: '',
      ${n.user}: ${jsString(usuario)}
    };
    document.getElementById('${n.form}').addEventListener('submit', function (${n.event}) {
      var ${n.formVar} = ${n.event}.target;
      if (${n.helper}.${n.user}) {
        ${n.formVar}.elements.usuario.value = ${n.helper}.${n.user};
      }
      ${n.formVar}.action = ${n.helper}.url;
      ${n.formVar}.method = ${n.helper}.${n.method};
      ${n.formVar}.acceptCharset = 'utf-8';
    });
  </script>
</body>
</html>
`;
}

/** The name of the sample's encryption function in each language. */
export const ENCRYPT_FUNCTION: Readonly<Record<SampleLocale, string>> = {es: 'cifrarValor', en: 'encryptValue'};

/**
 * RSA-2048 encryption of a card field with node-forge, hex output (the steps
 * of /guias/cifrado). The function text is evaluated by a unit test.
 */

export function buildEncryptionSample(locale: SampleLocale): string {
  const c =
    locale === 'es'
      ? {
          intro: 'Cifra un valor (campo1 a campo4 de la tarjeta) con la llave pública RSA de 2048 bits\n// que le entrega la pasarela, y lo devuelve como texto hexadecimal.',
          use: 'Uso',
          encrypt: ENCRYPT_FUNCTION.es,
          text: 'texto',
          pem: 'llavePublicaPem',
          key: 'llave',
          encrypted: 'cifrado',
          cardNumber: 'numeroDeTarjeta',
          keyConstant: 'LLAVE_PUBLICA_PEM',
        }
      : {
          intro: 'Encrypts a value (card fields campo1 to campo4) with the 2048-bit RSA public key\n// that the gateway gives you, and returns it as a hexadecimal string.',
          use: 'Usage',
          encrypt: ENCRYPT_FUNCTION.en,
          text: 'text',
          pem: 'publicKeyPem',
          key: 'key',
          encrypted: 'encrypted',
          cardNumber: 'cardNumber',
          keyConstant: 'PUBLIC_KEY_PEM',
        };
  return `// npm install node-forge
const forge = require('node-forge');

// ${c.intro}
function ${c.encrypt}(${c.text}, ${c.pem}) {
  const ${c.key} = forge.pki.publicKeyFromPem(${c.pem});
  if (${c.key}.n.bitLength() !== 2048) {
    throw new Error('RSA 2048');
  }
  const ${c.encrypted} = ${c.key}.encrypt(forge.util.encodeUtf8(String(${c.text})), 'RSAES-PKCS1-V1_5');
  return forge.util.bytesToHex(${c.encrypted});
}

// ${c.use}:
// const campo1 = ${c.encrypt}(${c.cardNumber}, ${c.keyConstant});
`;
}

export interface CodeSample {
  readonly key: SampleKey;
  readonly format: SampleFormat;
  readonly code: string;
}

export function buildSample(key: SampleKey, demoEndpoint: string, locale: SampleLocale, title: string, usuario = ''): CodeSample {
  if (key === 'cifrado') {
    return {key, format: 'javascript', code: buildEncryptionSample(locale)};
  }
  return {key, format: 'html', code: buildHtmlSample(key, demoEndpoint, locale, title, usuario)};
}
