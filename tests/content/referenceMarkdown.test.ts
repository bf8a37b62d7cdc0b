/**
 * @jest-environment node
 */
// The API reference's Markdown twins are made from the contracts
// (plugins/llms-txt/reference.ts): /rest/autenticacion.md and
// /rest/listar-bancos.md, in Spanish and English, carry what a reader needs to
// make the call with nothing else: the method, the full URL on the sandbox and
// on the gateway's documented environment, the request fields as a table, an
// example, each response with its example, and the result codes.
// tests/samples/referenceMarkdown.test.ts makes both calls from these files.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {loadPortalConfig} from '../../core/config';
import {SITE_URL, jsonBlocks, tableUnder, writeTwins} from '../support/referenceTwins';

const portal = loadPortalConfig(process.env);
const WORDS = {
  es: {
    call: 'Llamada',
    fields: 'Campos de la solicitud',
    responses: 'Respuestas',
    answer: 'Campos de la respuesta',
    codes: 'Códigos de resultado',
    yes: 'sí',
    no: 'no',
    notEmpty: 'no vacío',
  },
  en: {call: 'Call', fields: 'Request fields', responses: 'Responses', answer: 'Response fields', codes: 'Result codes', yes: 'yes', no: 'no', notEmpty: 'not empty'},
} as const;

let work: string;
const twin: Record<string, string> = {};
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portal-reference-md-'));
  for (const locale of ['es', 'en'] as const) {
    const written = await writeTwins(locale, join(work, locale));
    expect(written).toEqual(expect.arrayContaining(['rest/autenticacion', 'rest/listar-bancos', 'rest/v1/pse', 'apirest/transacciones-referencia']));
    for (const page of ['autenticacion', 'listar-bancos']) twin[`${locale}:${page}`] = readFileSync(join(work, locale, 'rest', `${page}.md`), 'utf8');
  }
});
afterAll(() => rmSync(work, {recursive: true, force: true}));

describe.each(['es', 'en'] as const)('the reference twins in %s', (locale) => {
  const words = WORDS[locale];

  it('/rest/autenticacion.md gives the method and the full URLs, sandbox and gateway', () => {
    const md = twin[`${locale}:autenticacion`]!;
    expect(md).toMatch(new RegExp(`## ${words.call}\\n\\n[^\\n]*\`POST\``));
    const urls = tableUnder(md, words.call).map((row) => row[1]);
    expect(urls).toEqual([`\`${SITE_URL}/sandbox/auth/autenticar\``, `\`${portal.apiBases.auth}/autenticar\``]);
    expect(md).toContain(portal.supportEmail);
  });

  it('/rest/autenticacion.md has the request fields as a table, an example, the responses and the result codes', () => {
    const md = twin[`${locale}:autenticacion`]!;
    const rows = tableUnder(md, words.fields);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ['`usuario`', 'string', words.yes, words.notEmpty],
      ['`clave`', 'string (password)', words.yes, words.notEmpty],
      ['`terminal`', 'string', words.yes, words.notEmpty],
    ]);
    expect(rows.every((r) => (r[3] ?? '').length > 10)).toBe(true);
    const [request, approved, refused] = jsonBlocks(md) as Record<string, string>[];
    expect(Object.keys(request!).sort()).toEqual(['clave', 'terminal', 'usuario']);
    expect(approved).toMatchObject({codigoRespuesta: '0', tokenSeguridad: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/)});
    expect(refused).toMatchObject({codigoRespuesta: '1'});
    expect(md).toMatch(/curl -X POST 'http:\/\/portal\.test\/sandbox\/auth\/autenticar'/);
    expect(md).toMatch(new RegExp(`## ${words.responses}\\n\\n### 200\\n`));
    const codes = tableUnder(md, words.codes).map((r) => r[0]);
    expect(codes).toEqual(['`0`', '`1`', '`99`']);
  });

  it('/rest/listar-bancos.md gives the URLs, the fields with their allowed values, the example and the banks answered', () => {
    const md = twin[`${locale}:listar-bancos`]!;
    expect(tableUnder(md, words.call).map((row) => row[1])).toEqual([`\`${SITE_URL}/sandbox/core/listarBancos\``, `\`${portal.apiBases.core}/listarBancos\``]);
    const rows = tableUnder(md, words.fields);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['`idMetodoPago`', words.yes],
      ['`terminal`', words.yes],
      ['`accessToken`', words.yes],
    ]);
    expect(rows[0]![4]).toMatch(/^`41`: .+; `3`: .+$/);
    expect(rows[2]![3]).toContain('`/autenticar`');
    const [request, banks] = jsonBlocks(md) as [Record<string, string>, {codigoBanco: string; nombreBanco: string}[]];
    expect(request).toMatchObject({idMetodoPago: '41', terminal: expect.any(String), accessToken: expect.any(String)});
    expect(banks.length).toBeGreaterThan(1);
    expect(tableUnder(md, words.answer).map((r) => r[0])).toEqual(['`[].codigoBanco`', '`[].nombreBanco`']);
    expect(md).toMatch(new RegExp(`## ${words.codes}\\n\\n- [^\\n]*\`200\``));
  });
});

it('the English twins are in English and the Spanish ones in Spanish', () => {
  expect(twin['en:autenticacion']).toMatch(/^# Authentication\n/);
  expect(twin['es:autenticacion']).toMatch(/^# Autenticación\n/);
  expect(twin['en:listar-bancos']).not.toMatch(/Campos|Obligatorio|Respuestas/);
});
