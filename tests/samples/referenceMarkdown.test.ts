/**
 * An assistant given only /rest/autenticacion.md and /rest/listar-bancos.md
 * (the API reference's Markdown twins, made from the contracts by
 * plugins/llms-txt/reference.ts) can make both calls: everything a request
 * below needs is read from those two files, in Spanish and in English, and
 * sent to the sandbox. The method and URL are the call table's row on the
 * portal (the sandbox), the body is the file's request example, and the field
 * of /listarBancos that the file says carries the token of `/autenticar`
 * gets the field of the authentication's answer that the other file says is
 * that token.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {sandboxApp} from '../../server/testSupport/sandbox';
import {SITE_URL, jsonBlocks, writeTwins} from '../support/referenceTwins';

let app: FastifyInstance;
let work: string;
beforeAll(async () => {
  app = await sandboxApp();
  work = mkdtempSync(join(tmpdir(), 'portal-reference-md-calls-'));
  for (const locale of ['es', 'en'] as const) await writeTwins(locale, join(work, locale));
});
afterAll(async () => {
  await app.close();
  rmSync(work, {recursive: true, force: true});
});

interface Row {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
}

/** What a reader takes from a twin: the call on the portal's sandbox, the field tables, the JSON examples. */
function read(file: string) {
  const md = readFileSync(file, 'utf8');
  const lines = md.split('\n');
  const method = /`(GET|POST|PUT|PATCH|DELETE)`/.exec(md)?.[1];
  const url = /\| `(https?:\/\/[^`]+)` \|/.exec(lines.find((line) => line.includes(`\`${SITE_URL}/`)) ?? '')?.[1];
  // Every field row: | `name` | type | required | description | values |; "sí" and "yes" say required.
  // The request's come before its example (the first JSON block), the answer's after.
  const rows = (part: readonly string[]): Row[] =>
    part.flatMap((line) => {
      const cells = /^\| `([^`]+)` \| ([^|]*) \| ([^|]*) \| (.*) \| (.*) \|$/.exec(line);
      return cells === null ? [] : [{name: cells[1]!, required: /^(sí|yes)$/.test(cells[3]!), description: cells[4]!}];
    });
  const exampleAt = lines.indexOf('```json');
  const [example] = jsonBlocks(md);
  if (method === undefined || url === undefined || example === undefined || exampleAt === -1) throw new Error(`${file}: no method, sandbox URL or request example`);
  return {method, path: url.slice(SITE_URL.length), request: rows(lines.slice(0, exampleAt)), answer: rows(lines.slice(exampleAt)), example: example as Record<string, unknown>};
}

it.each(['es', 'en'] as const)('authenticates and lists the banks from the two files alone (%s)', async (locale) => {
  const auth = read(join(work, locale, 'rest', 'autenticacion.md'));
  const banks = read(join(work, locale, 'rest', 'listar-bancos.md'));

  // Every required request field (the headers aside) is in the example the file gives.
  for (const {request, example} of [auth, banks]) {
    for (const row of request.filter((r) => r.required && r.name !== 'Content-Type')) expect(example).toHaveProperty([row.name]);
  }

  const answer = await app.inject({method: auth.method as 'POST', url: auth.path, payload: auth.example});
  expect(answer.statusCode).toBe(200);
  const authenticated = answer.json<Record<string, unknown>>();
  expect(authenticated.codigoRespuesta).toBe('0');

  // The token: the answer's field and the request's field whose descriptions name /autenticar.
  const names = (rows: readonly Row[]) => rows.filter((r) => r.description.includes('`/autenticar`')).map((r) => r.name);
  const tokenField = names(auth.answer).find((name) => typeof authenticated[name] === 'string');
  const [tokenInput] = names(banks.request);
  expect(tokenField).toBe('tokenSeguridad');
  expect(tokenInput).toBe('accessToken');

  const listed = await app.inject({method: banks.method as 'POST', url: banks.path, payload: {...banks.example, [tokenInput!]: authenticated[tokenField!]}});
  expect(listed.statusCode).toBe(200);
  const list = listed.json<Record<string, unknown>[]>();
  expect(list.length).toBeGreaterThan(1);
  // Each bank has the fields the file's answer table lists.
  const fields = banks.answer.map((r) => r.name.replace(/^\[\]\./, ''));
  expect(fields).toEqual(['codigoBanco', 'nombreBanco']);
  for (const bank of list) for (const field of fields) expect(typeof bank[field]).toBe('string');
});
