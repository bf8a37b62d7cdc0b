/**
 * The sandbox's rules without HTTP: the purchase
 * page's checks with any merchant's key, the confirmation of a settled
 * payment, issued credentials and their registry, Basic credentials, the
 * event hub.
 */
import {SANDBOX_RULES} from '../../../../core/data/sandbox';
import {checksum, postSecurityToken, responseSignature} from '../../../../core/signatures';
import {basicCredentials} from '../../routes/jsonApi';
import {createEventHub, type SandboxEvent} from '../../confirmations/events';
import {loadDemoMerchant} from '../../merchants/demoMerchant';
import {CREDENTIAL_RULES, createMerchants, type MerchantRecord} from '../../merchants/merchants';
import {pageText} from '../../words';
import {PageRefusal, type RefusalItem} from '../refusal';
import {checkChoice, checkForm} from '../purchase';
import {approvalOf, settledConfirmation} from '../settle';
import type {Transaction} from '../../gateway/records';
import {memoryBackend, memoryStore} from '../../store/memory';

const demo = {...loadDemoMerchant(), publico: true, cred: 'demo'};
const NOW = Date.parse('2026-03-15T14:30:20Z');
const own = {usuario: 'prueba.123456789012', clave: 'c', terminal: '123456789012', llave: 'llave-propia-0123456789abcdef0', publico: false, cred: 'c1'};
const form = (extra: Record<string, string> = {}) => ({factura: 'F-1', valor: '1000', descripcionFactura: 'd', ...extra});

/** A refusal's problems as its page shows them in `lang`. */
const said = (items: readonly RefusalItem[] | undefined, lang: 'es' | 'en'): string[] =>
  (items ?? []).map((item) => item.map((message) => pageText(lang).sayHtml(message)).join(' '));

const refusal = (run: () => unknown): PageRefusal => {
  try {
    run();
  } catch (error) {
    if (error instanceof PageRefusal) return error;
    throw error;
  }
  throw new Error('no refusal');
};

describe('the purchase page rules', () => {
  it('checks a form with the key of the merchant its usuario names', () => {
    const fields = form({usuario: own.usuario, checksum: checksum('F-1', '1000', own.llave), tokenSeguridad: postSecurityToken(own.llave, new Date(NOW))});
    expect(checkForm(fields, own, demo, NOW)).toEqual({unsigned: false, checked: ['checksum', 'tokenSeguridad'], merchant: own});
    // The demo key does not sign another merchant's form.
    const wrong = refusal(() => checkForm({...fields, checksum: checksum('F-1', '1000', demo.llave)}, own, demo, NOW));
    expect(wrong.status).toBe(422);
    expect(said(wrong.items, 'en')[0]).toContain('<code>checksum</code> does not match');
  });

  it("never shows a value computed with a test merchant's key to whoever posted the form; its own log gets it", () => {
    const expected = checksum('F-1', '1000', own.llave);
    const wrong = refusal(() => checkForm(form({usuario: own.usuario, checksum: 'abc'}), own, demo, NOW));
    for (const lang of ['es', 'en'] as const) {
      expect(said(wrong.items, lang).join(' ')).not.toContain(expected);
      expect(said(wrong.ownerItems, lang).join(' ')).toContain(expected);
    }
    expect(said(wrong.items, 'en')[0]).toContain('see it in your request log');
    const token = refusal(() => checkForm(form({usuario: own.usuario, tokenSeguridad: 'abc'}), own, demo, NOW));
    expect(said(token.items, 'es').join(' ')).not.toContain(postSecurityToken(own.llave, new Date(NOW)));
    // The demo merchant's key is published: its refusals show the value.
    const demoWrong = refusal(() => checkForm(form({usuario: demo.usuario, checksum: 'abc'}), demo, demo, NOW));
    expect(said(demoWrong.items, 'es')[0]).toContain(checksum('F-1', '1000', demo.llave));
  });

  it('refuses a form that names a test merchant and carries no security value', () => {
    const unsigned = refusal(() => checkForm(form({usuario: own.usuario}), own, demo, NOW));
    expect(unsigned.status).toBe(422);
    expect(said(unsigned.items, 'en')[0]).toContain('must carry at least one security value');
    expect(checkForm(form({usuario: demo.usuario}), demo, demo, NOW)).toMatchObject({unsigned: false, checked: [], merchant: demo});
  });

  it('refuses an unknown usuario in both languages, naming the demo merchant; takes an empty one as a demo sample', () => {
    const unknown = refusal(() => checkForm(form({usuario: 'nadie'}), undefined, demo, NOW));
    expect(unknown.status).toBe(422);
    expect(said(unknown.items, 'es')[0]).toContain(`<code>${demo.usuario}</code>`);
    expect(said(unknown.items, 'en')[0]).toMatch(/^Unknown <code>usuario<\/code>/);
    expect(checkForm(form({usuario: ''}), undefined, demo, NOW)).toMatchObject({unsigned: true, merchant: demo});
  });

  it("checks the buyer's choice", () => {
    const purchase = {...form(), tipoDocumento: 'CC', documentoComprador: '1', nombreComprador: 'A', apellidoComprador: 'B'};
    expect(said(refusal(() => checkChoice(purchase, {metodoPago: '37', resultado: 'aprobada', urlRetorno: 'https://x.co'}, 'es')).items, 'es')[0]).toContain('correoComprador');
    const ok = checkChoice(purchase, {metodoPago: '37', resultado: 'pendiente', urlRetorno: 'https://x.co', correoComprador: 'a@b.co'}, 'es');
    expect(ok).toMatchObject({outcome: 'pendiente', fields: {correoComprador: 'a@b.co'}});
    expect(refusal(() => checkChoice(purchase, {metodoPago: '37', resultado: 'aprobada', urlRetorno: 'javascript:1'}, 'en')).lang).toBe('en');
  });
});

describe('the confirmation of a settled payment', () => {
  const base: Transaction = {
    terminal: own.terminal,
    codigoSeguimiento: '1',
    numeroTransaccion: '1000000001',
    referencia: 'R-1',
    group: 'referenced',
    methodId: '42',
    valor: '5000',
    valorBase: '0',
    valorIva: '0',
    moneda: 'COP',
    descripcion: 'd',
    buyer: {documento: '1', tipoDocumento: '1', nombre: 'A', apellido: 'B', correo: 'a@b.co', telefono: '', celular: '', direccion: ''},
    extras: ['e1', '', '', '', '', '', '', '', ''],
    createdAt: NOW,
    status: 'approved',
    codigoRespuesta: '0',
    numeroAutorizacion: '123456',
    descripcionRespuesta: '',
    razonRechazo: '',
  };

  it("of a REST payment: the POST channel's variables, signed with the merchant key, to the receiver", () => {
    const {url, fields} = settledConfirmation(base, own.llave, 'firmaPasarela');
    expect(url).toBeNull();
    expect(fields).toMatchObject({codigoFactura: 'R-1', valorFactura: '5000', transaccionAprobada: '1', codigoAutorizacion: '123456', metodoPago: '42', campoExtra1: 'e1'});
    expect(fields.firmaPasarela).toBe(responseSignature(own.llave, 'R-1', '5000', '123456'));
    expect(approvalOf({...base, status: 'rejected'})).toBe('-1');
  });

  it('of a purchase of the purchase page: its own variables re-signed, to its own confirmation URL', () => {
    const confirmation = {
      url: 'http://127.0.0.1:9/c',
      fields: {codigoFactura: 'F-9', valorFactura: '10', transaccionAprobada: '0', codigoAutorizacion: '', firmaPasarela: 'x', campoExtra3: 'z'},
    };
    const {url, fields} = settledConfirmation({...base, status: 'rejected', numeroAutorizacion: '', confirmation}, own.llave, 'firmaPasarela');
    expect(url).toBe(confirmation.url);
    expect(fields).toEqual({
      codigoFactura: 'F-9',
      valorFactura: '10',
      transaccionAprobada: '-1',
      codigoAutorizacion: '',
      firmaPasarela: responseSignature(own.llave, 'F-9', '10', ''),
      campoExtra3: 'z',
    });
  });
});

describe('issued credentials', () => {
  it('have the documented shapes, and the usuario names its terminal', () => {
    const terminal = CREDENTIAL_RULES.terminal();
    expect(terminal).toMatch(new RegExp(`^[1-9]\\d{${SANDBOX_RULES.merchants.terminalDigits - 1}}$`));
    expect(CREDENTIAL_RULES.terminalOf(CREDENTIAL_RULES.usuario(terminal))).toBe(terminal);
    for (const other of ['comercio.demo', 'prueba.', 'prueba.12', `prueba.${terminal}x`, `otro.${terminal}`]) expect(CREDENTIAL_RULES.terminalOf(other)).toBeUndefined();
  });

  it('are kept with the clave as a digest; the least recently used merchant is forgotten first, never the demo one', async () => {
    const store = memoryStore<MerchantRecord>({perTerminal: 1, terminals: 3, maxAgeMs: 60_000}, Date.now, {pinned: [demo.terminal]});
    const merchants = createMerchants(store, demo);
    const a = await merchants.create();
    const b = await merchants.create();
    expect(JSON.stringify(await store.get(a.terminal, 'comercio'))).not.toContain(a.clave);
    expect(await merchants.authenticate(a.usuario, a.clave)).toMatchObject({terminal: a.terminal, publico: false});
    expect(await merchants.authenticate(a.usuario, `${a.clave}x`)).toBeUndefined();
    // a is used after b: b is the one forgotten when c and d come.
    await merchants.create();
    await merchants.byUsuario(a.usuario);
    await merchants.create();
    expect(await merchants.byUsuario(b.usuario)).toBeUndefined();
    expect(await merchants.byUsuario(a.usuario)).toBeDefined();
    expect(await merchants.authenticate(demo.usuario, demo.clave)).toMatchObject({publico: true});
    expect(await merchants.rotate(b.usuario)).toBeUndefined();
  });
});

describe('Basic credentials', () => {
  it('reads usuario and clave (a clave may hold colons), and nothing else', () => {
    const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(basicCredentials(header('u:c:d'))).toEqual({usuario: 'u', clave: 'c:d'});
    for (const bad of [undefined, '', 'Bearer x', header('sin-dos-puntos'), header(':c'), 'Basic ¿?']) expect(basicCredentials(bad)).toBeUndefined();
  });
});

describe('the event hub', () => {
  it('replays after an id, starts from now for garbage, and counts streams per merchant', async () => {
    let clock = 1000;
    const backend = memoryBackend(() => clock);
    const hub = createEventHub(backend, backend.store<SandboxEvent>('eventos', {perTerminal: 3, terminals: 10, maxAgeMs: 60_000}), () => clock);
    const seen: string[] = [];
    const idOf = (e: SandboxEvent) => (e.type === 'confirmacion' ? e.data.id : '');
    const stopSeeing = hub.subscribe('T', (e) => seen.push(idOf(e)));
    const first = await hub.publish('T', {url: 'u', cuerpo: {}, id: 'n1'});
    await hub.publish('T', {url: 'u', cuerpo: {}, id: 'n2'});
    await hub.publish('OTRO', {url: 'u', cuerpo: {}, id: 'x'});
    stopSeeing();
    await hub.publish('T', {url: 'u', cuerpo: {}, id: 'n3'});
    expect(seen).toEqual(['n1', 'n2']);
    expect((await hub.replay('T', first.id)).map(idOf)).toEqual(['n2', 'n3']);
    expect((await hub.replay('T', '0')).map(idOf)).toEqual(['n1', 'n2', 'n3']);
    for (const garbage of [undefined, 'x', '-1', '1.5', '9'.repeat(20)]) expect(await hub.replay('T', garbage)).toEqual([]);
    // Ids keep increasing with a clock that stands still.
    clock = 1000;
    const later = await hub.publish('T', {url: 'u', cuerpo: {}, id: 'n4'});
    expect(Number(later.id)).toBeGreaterThan(Number(first.id));
    const places = await Promise.all(Array.from({length: SANDBOX_RULES.events.streamsPerMerchant}, () => hub.openStream('T', 60_000)));
    expect(places.every((p) => p !== undefined)).toBe(true);
    expect(await hub.openStream('T', 60_000)).toBeUndefined();
    expect(await hub.openStream('OTRO', 60_000)).toBeDefined();
    await places[0]!.release();
    await places[0]!.release();
    expect(await hub.openStream('T', 60_000)).toBeDefined();
    expect(await hub.openStream('T', 60_000)).toBeUndefined();
    // A place that is not renewed lapses (its server died) and is free again; a renewed one holds.
    clock += 30_000;
    await places[2]!.renew();
    clock += 30_001;
    const again = await Promise.all(Array.from({length: SANDBOX_RULES.events.streamsPerMerchant - 1}, () => hub.openStream('T', 60_000)));
    expect(again.every((p) => p !== undefined)).toBe(true);
    expect(await hub.openStream('T', 60_000)).toBeUndefined();
  });
});
