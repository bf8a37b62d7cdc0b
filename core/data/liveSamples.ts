/**
 * The JavaScript samples that run in the page as live blocks
 * (src/components/LiveSample): the security values of the POST channel and the
 * RSA encryption of card fields. Each is the sample a merchant copies (the
 * same text, `require('node-forge')` included) followed by a few lines that
 * show its result in the page. Inputs come from the worked examples
 * (securityExamples.ts) and the demonstration key (encryption.ts); a unit test
 * runs both samples and checks their results.
 */
import {buildEncryptionSample, ENCRYPT_FUNCTION, type SampleLocale} from './codeSamples';
import {DEMO_PUBLIC_KEY_PEM} from './encryption';
import {EXAMPLE_KEY, SECURITY_EXAMPLES} from './securityExamples';

export type LiveSampleId = 'valoresSeguridad' | 'cifrado';

const input = (id: keyof typeof SECURITY_EXAMPLES, name: string): string => {
  const found = SECURITY_EXAMPLES[id].inputs.find((i) => i.name === name);
  if (found === undefined) throw new Error(`${id} has no input ${name}`);
  return found.value;
};

const quote = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The four security values (/vpost/integracion?tab=valores), computed with
 * node-forge's MD5 and SHA-512, with the worked examples' key or `key` (the
 * reader's sandbox key).
 */
export function buildSecurityValuesSample(locale: SampleLocale, productName: string, key: string = EXAMPLE_KEY): string {
  const t =
    locale === 'es'
      ? {
          intro: 'Valores de seguridad del formulario POST. Calcúlelos en su servidor: usan la llave de la terminal.',
          hour: 'HH:mm en UTC-05:00 (Colombia no tiene horario de verano).',
          data: 'Datos de la transacción (los del ejemplo de la guía; cambie cualquiera).',
          ownKey: 'La llave de sus credenciales de prueba del portal.',
          integer: 'checksum usa el valor entero, sin decimales.',
          names: {
            md5: 'md5',
            sha512: 'sha512',
            text: 'texto',
            hour: 'horaMinutoUtcMenos5',
            date: 'fecha',
            shifted: 'desplazada',
            key: 'llave',
            invoice: 'factura',
            amount: 'valor',
            auth: 'codigoAutorizacion',
            values: 'valores',
          },
        }
      : {
          intro: 'Security values of the POST form. Compute them on your server: they use the terminal key.',
          hour: 'HH:mm in UTC-05:00 (Colombia has no daylight saving time).',
          data: "The transaction's data (the guide's example; change any of them).",
          ownKey: "The key of your portal's test credentials.",
          integer: 'checksum uses the integer amount, without decimals.',
          names: {
            md5: 'md5',
            sha512: 'sha512',
            text: 'text',
            hour: 'hourMinuteUtcMinus5',
            date: 'date',
            shifted: 'shifted',
            key: 'key',
            invoice: 'invoice',
            amount: 'amount',
            auth: 'authorizationCode',
            values: 'values',
          },
        };
  const n = t.names;
  return `// npm install node-forge
const forge = require('node-forge');

// ${t.intro}
const ${n.md5} = (${n.text}) => forge.md.md5.create().update(${n.text}, 'utf8').digest().toHex();
const ${n.sha512} = (${n.text}) => forge.md.sha512.create().update(${n.text}, 'utf8').digest().toHex();

// ${t.hour}
function ${n.hour}(${n.date}) {
  const ${n.shifted} = new Date(${n.date}.getTime() - 5 * 60 * 60 * 1000);
  return ${n.shifted}.toISOString().slice(11, 16);
}

// ${t.data}
${key === EXAMPLE_KEY ? '' : `// ${t.ownKey}\n`}const ${n.key} = ${quote(key)};
const ${n.invoice} = ${quote(input('firma', 'codigoFactura'))};
const ${n.amount} = ${quote(input('firma', 'valorFactura'))};
const ${n.auth} = ${quote(input('firma', 'codigoAutorizacion'))};

const ${n.values} = {
  firma${productName}: ${n.md5}(${n.key} + ${n.invoice} + ${n.amount} + ${n.auth}),
  // ${t.integer}
  checksum: ${n.sha512}(${n.invoice} + ${n.amount}.split(/[.,]/)[0] + ${n.key}),
  tokenSeguridad: ${n.md5}(${n.key} + ${n.hour}(new Date())),
  md5ValidacionValor: ${n.md5}(${n.key} + ${n.amount}),
};
`;
}

/** The lines after a sample that show its result in the page (react-live's noInline `render`). */
function trailer(id: LiveSampleId, locale: SampleLocale): string {
  if (id === 'valoresSeguridad') {
    const values = locale === 'es' ? 'valores' : 'values';
    return `\n// ${locale === 'es' ? 'Resultado en la página' : 'Result in the page'}:\nrender(<pre>{JSON.stringify(${values}, null, 2)}</pre>);\n`;
  }
  const c =
    locale === 'es'
      ? {use: 'Pruébelo: cambie el valor y vea el resultado.', key: 'LLAVE_PUBLICA_PEM', demo: 'Llave de demostración del portal; no es la de la pasarela.'}
      : {use: 'Try it: change the value and see the result.', key: 'PUBLIC_KEY_PEM', demo: "The portal's demonstration key; not the gateway's."};
  return `\n// ${c.use}\n// ${c.demo}\nconst ${c.key} = \`${DEMO_PUBLIC_KEY_PEM}\`;\nrender(<pre>{${ENCRYPT_FUNCTION[locale]}('2027', ${c.key})}</pre>);\n`;
}

/** The code of a live block: the sample, then its `render` lines; `key` is the security values' terminal key. */
export function buildLiveSample(id: LiveSampleId, locale: SampleLocale, productName: string, key: string = EXAMPLE_KEY): string {
  const sample = id === 'cifrado' ? buildEncryptionSample(locale) : buildSecurityValuesSample(locale, productName, key);
  return `${sample}${trailer(id, locale)}`;
}
