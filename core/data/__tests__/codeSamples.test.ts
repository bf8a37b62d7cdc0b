/**
 * @jest-environment jsdom
 */
import forge from 'node-forge';
import {ENCRYPT_FUNCTION, SAMPLE_FIELDS, SAMPLE_KEYS, buildEncryptionSample, buildHtmlSample, buildSample, sampleFields} from '../codeSamples';
import {TRANSACTION_TYPES} from '../transactionTypes';
import {CURRENCIES, LANGUAGES, POST_DOCUMENT_TYPES, PERIOD} from '../enumerations';
import {DEMO_CARD_IDS} from '../paymentMethods';
import {documentedVariables, readDoc, tableRows} from '../../../tests/support/markdownTables';

const DEMO = 'https://demo.pasarela.example/pagos/';
const LOCALES = ['es', 'en'] as const;

function parseForm(html: string): HTMLFormElement {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const form = doc.querySelector('form');
  if (form === null) {
    throw new Error('no form');
  }
  return form;
}

function fieldsOf(form: HTMLFormElement): Map<string, string> {
  return new Map([...form.querySelectorAll('input')].map((input) => [input.name, input.value]));
}

describe('transaction types and samples', () => {
  it('has one HTML sample per transaction type, keyed by its path, plus the encryption sample', () => {
    expect(SAMPLE_KEYS).toEqual(['pagonormal', 'pagounico', 'pagorecurrente', 'generatoken', 'pagotoken', 'pagogeneral', 'cifrado']);
    expect(TRANSACTION_TYPES.map((t) => t.id)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const type of TRANSACTION_TYPES) {
      expect(buildSample(type.path, DEMO, 'es', type.name).format).toBe('html');
    }
    expect(buildSample('cifrado', DEMO, 'es', 'x').format).toBe('javascript');
  });

  it.each(LOCALES)('every variable of every sample form is documented in the %s variable tables', (locale) => {
    const documented = documentedVariables(readDoc(locale, 'vpost/integracion.mdx'));
    for (const type of TRANSACTION_TYPES) {
      const form = parseForm(buildHtmlSample(type.path, DEMO, locale, type.name));
      for (const name of fieldsOf(form).keys()) {
        expect({sample: type.path, name, documented: documented.has(name)}).toEqual({sample: type.path, name, documented: true});
      }
    }
  });

  it.each(LOCALES)('the %s transaction-type table names the variables each sample adds, with its values', (locale) => {
    const doc = readDoc(locale, 'vpost/integracion.mdx');
    const rows = tableRows(doc).filter((row) => /^`\d`$/.test(row[0] ?? ''));
    expect(rows.map((row) => row[0])).toEqual(TRANSACTION_TYPES.map((t) => `\`${t.id}\``));
    const ruleVariables = ['metodoPago', 'recurrencia', 'periodo', 'cantidadCobros', 'tokenTarjeta', 'tokenSeguridad'];
    for (const type of TRANSACTION_TYPES) {
      const row = rows.find((r) => r[0] === `\`${type.id}\``)!;
      const named = [...row[2]!.matchAll(/`([A-Za-z]+)`( (en|to|set to) `(\d+)`)?/g)];
      const fields = new Map(SAMPLE_FIELDS[type.path].map((f) => [f.name, f.value]));
      const namedNames = named.map((m) => m[1]!);
      expect({type: type.path, named: namedNames.sort()}).toEqual({type: type.path, named: ruleVariables.filter((v) => fields.has(v)).sort()});
      for (const match of named) {
        if (match[4] !== undefined) {
          expect({type: type.path, name: match[1], value: fields.get(match[1]!)}).toEqual({type: type.path, name: match[1], value: match[4]});
        }
      }
    }
  });

  it('follows the recurrence and token rules', () => {
    const f = (path: keyof typeof SAMPLE_FIELDS) => new Map(SAMPLE_FIELDS[path].map((x) => [x.name, x.value]));
    const plain = ['recurrencia', 'periodo', 'cantidadCobros', 'tokenTarjeta'];
    for (const path of ['pagonormal', 'pagounico', 'pagogeneral'] as const) {
      plain.forEach((name) => expect(f(path).has(name)).toBe(false));
    }
    const recurring = f('pagorecurrente');
    expect(recurring.get('recurrencia')).toBe('1');
    expect(Number(recurring.get('periodo'))).toBeGreaterThanOrEqual(PERIOD.min);
    expect(Number(recurring.get('periodo'))).toBeLessThanOrEqual(PERIOD.max);
    expect(Number(recurring.get('cantidadCobros'))).toBeGreaterThan(0);
    expect(recurring.has('tokenTarjeta')).toBe(false);

    const token = f('generatoken');
    expect(token.get('recurrencia')).toBe('1');
    expect(token.get('periodo')).toBe(String(PERIOD.token));
    expect(token.has('cantidadCobros')).toBe(false);

    const tokenPayment = f('pagotoken');
    expect(tokenPayment.get('tokenTarjeta')).toBeTruthy();
    expect(tokenPayment.has('recurrencia')).toBe(false);

    // The general payment: tokenSeguridad is mandatory, and the five buyer variables of its reading.
    const general = f('pagogeneral');
    expect(general.has('tokenSeguridad')).toBe(true);
    for (const name of ['tipoDocumento', 'documentoComprador', 'nombreComprador', 'apellidoComprador', 'correoComprador']) {
      expect(general.has(name)).toBe(true);
    }
  });

  it('uses only values the enumerations allow', () => {
    const cardIds = Object.values(DEMO_CARD_IDS).map(String);
    for (const type of TRANSACTION_TYPES) {
      const fields = new Map(SAMPLE_FIELDS[type.path].map((x) => [x.name, x.value]));
      expect(POST_DOCUMENT_TYPES).toContain(fields.get('tipoDocumento'));
      expect(fields.get('valor')).toMatch(/^\d+$/);
      if (fields.has('metodoPago')) expect(cardIds).toContain(fields.get('metodoPago'));
      if (fields.has('tipoMoneda')) expect(CURRENCIES).toContain(fields.get('tipoMoneda'));
      if (fields.has('lenguaje')) expect(LANGUAGES).toContain(fields.get('lenguaje'));
    }
  });

  it.each(LOCALES)('builds complete %s pages whose helper posts UTF-8 to the demo endpoint', (locale) => {
    for (const type of TRANSACTION_TYPES) {
      const html = buildHtmlSample(type.path, DEMO, locale, type.name);
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('<meta charset="utf-8">');
      // The payment helper holds the endpoint, POST, a terminal key and a user, both empty by default.
      const [method, key, user] = locale === 'es' ? ['metodo', 'llave', 'usuario'] : ['method', 'key', 'user'];
      expect(html).toContain(`url: '${DEMO}'`);
      expect(html).toContain(`${method}: 'POST'`);
      expect(html).toContain(`${key}: ''`);
      expect(html).toContain(`${user}: ''`);

      // Without the script, the form itself posts UTF-8 to the demo endpoint.
      const bare = parseForm(html);
      expect([bare.getAttribute('action'), bare.getAttribute('method'), bare.getAttribute('accept-charset')]).toEqual([DEMO, 'post', 'utf-8']);

      // Run the page's helper in a real DOM and check where the form goes.
      document.open();
      document.write(html.replace(/<script>[\s\S]*<\/script>/, ''));
      document.close();
      const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
      new Function(script)();
      const form = document.querySelector('form')!;
      const submitted = jest.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submitted);
      form.dispatchEvent(new Event('submit', {cancelable: true}));
      expect(submitted).toHaveBeenCalled();
      expect(form.action).toBe(DEMO);
      expect(form.method).toBe('post');
      expect(form.acceptCharset).toBe('utf-8');
      expect(fieldsOf(form)).toEqual(new Map(sampleFields(type.path, locale).map((x) => [x.name, x.value])));
    }
  });

  it('writes the English sample in English and keeps the same variables and numbers', () => {
    for (const type of TRANSACTION_TYPES) {
      const es = sampleFields(type.path, 'es');
      const en = sampleFields(type.path, 'en');
      expect(en.map((f) => f.name)).toEqual(es.map((f) => f.name));
      for (const [i, field] of en.entries()) {
        if (/^\d*$/.test(es[i]!.value)) expect(field.value).toBe(es[i]!.value);
      }
      const html = buildHtmlSample(type.path, DEMO, 'en', type.name);
      expect(html).not.toMatch(/Compra de prueba|TOKEN-DE-LA-TARJETA|pedido-web|pasarelaPago|formulario|evento|llave/);
    }
    expect(sampleFields('pagonormal', 'en').find((f) => f.name === 'descripcionFactura')?.value).toBe('Test purchase');
  });

  it("carries the reader's sandbox usuario in the form and in the helper when the portal knows it", () => {
    for (const locale of LOCALES) {
      const html = buildHtmlSample('pagonormal', DEMO, locale, 'x', "comercio.k3x9'<");
      expect(fieldsOf(parseForm(html)).get('usuario')).toBe("comercio.k3x9'<");
      const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
      const [helper, user] = locale === 'es' ? ['pasarelaPago', 'usuario'] : ['paymentGateway', 'user'];
      expect(new Function(`${script.replace(/document[\s\S]*$/, '')}; return ${helper}.${user};`)()).toBe("comercio.k3x9'<");
      expect(buildSample('pagonormal', DEMO, locale, 'x', 'comercio.k3x9').code).toBe(buildHtmlSample('pagonormal', DEMO, locale, 'x', 'comercio.k3x9'));
    }
  });

  it('keeps a hostile endpoint inside its attribute and its script string', () => {
    const endpoint = 'https://demo.example/pagos/?a=\'b\'&c="d"</script>';
    const html = buildHtmlSample('pagonormal', endpoint, 'es', 'x');
    const form = parseForm(html);
    expect(form.getAttribute('action')).toBe(endpoint);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(new Function(`${script.replace(/document[\s\S]*$/, '')}; return pasarelaPago.url;`)()).toBe(endpoint);
  });
});

describe('RSA-2048 encryption sample', () => {
  it.each(LOCALES)('the %s sample encrypts with a 2048-bit public key and returns hex that the private key opens', (locale) => {
    const code = buildEncryptionSample(locale);
    const keys = forge.pki.rsa.generateKeyPair({bits: 2048, e: 0x10001});
    const publicPem = forge.pki.publicKeyToPem(keys.publicKey);
    const run = new Function('require', `${code}\nreturn ${ENCRYPT_FUNCTION[locale]};`) as (req: (name: string) => unknown) => (text: string, pem: string) => string;
    const cifrarValor = run((name) => {
      expect(name).toBe('node-forge');
      return forge;
    });
    const hex = cifrarValor('4111111111111111', publicPem);
    expect(hex).toMatch(/^[0-9a-f]{512}$/);
    expect(keys.privateKey.decrypt(forge.util.hexToBytes(hex), 'RSAES-PKCS1-V1_5')).toBe('4111111111111111');

    const small = forge.pki.rsa.generateKeyPair({bits: 1024, e: 0x10001});
    expect(() => cifrarValor('123', forge.pki.publicKeyToPem(small.publicKey))).toThrow('RSA 2048');
  });
});
