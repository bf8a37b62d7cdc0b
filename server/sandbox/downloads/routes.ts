/**
 * What the portal offers to download from the sandbox:
 *
 *   GET /escuchar.mjs              the listener (./escuchar.mjs) with this portal's address and its messages written in
 *   GET /postman/coleccion.json    the Postman collection of the three REST channels (./postman.ts)
 *   GET /postman/entorno.json      its environment: the base URL and the credentials of whoever asks with
 *                                  HTTP Basic (the demo merchant's otherwise; bad credentials are a 401)
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {FastifyInstance} from 'fastify';
import {API_RATE, basicCredentials, requireMerchant} from '../routes/jsonApi';
import type {SandboxPartOptions} from '../wiring';
import {postmanCollection, postmanEnvironment} from './postman';
import {textsOf} from '../../texts';
import {requestLocale} from '../../locale';

/** Where the listener's source is, from the project folder the server runs in (like openapi/ and static/). */
export const LISTENER_FILE = join('server', 'sandbox', 'downloads', 'escuchar.mjs');

/** The places of the listener's source that the download fills in. */
const PLACES = {portal: "const PORTAL = '__PORTAL__';", lang: "const IDIOMA = '__IDIOMA__';", texts: "const TEXTOS = '__TEXTOS__';"} as const;

/**
 * The listener with the portal's address and its messages in the reader's language written in: the topic sandboxListener (core/data/labels, English in i18n/en/portal-labels), each
 * message as plain text with its `{values}` for the script to fill.
 */
export function listenerScript(source: string, portal: string, lang: 'es' | 'en'): string {
  for (const place of Object.values(PLACES)) if (!source.includes(place)) throw new Error(`${LISTENER_FILE}: no \`${place}\` to fill in.`);
  const t = textsOf('sandboxListener', lang);
  const texts = Object.fromEntries(t.under('').map((id) => [id, t.text(id)]));
  return source
    .replace(PLACES.portal, `const PORTAL = ${JSON.stringify(portal)};`)
    .replace(PLACES.lang, `const IDIOMA = ${JSON.stringify(lang)};`)
    .replace(PLACES.texts, () => `const TEXTOS = ${JSON.stringify(texts)};`);
}

export default async function downloadRoutes(app: FastifyInstance, {parts, portal}: SandboxPartOptions): Promise<void> {
  const source = readFileSync(join(process.cwd(), LISTENER_FILE), 'utf8');
  let collection: Promise<unknown> | undefined;

  app.get(
    '/escuchar.mjs',
    {config: API_RATE, schema: {querystring: {type: 'object', additionalProperties: false, properties: {lang: {type: 'string', enum: ['es', 'en']}}}}},
    async (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-disposition', 'attachment; filename="escuchar.mjs"')
        .type('text/javascript; charset=utf-8')
        .send(listenerScript(source, parts.siteUrl, requestLocale(request))),
  );

  app.get('/postman/coleccion.json', {config: API_RATE}, async (_request, reply) => {
    collection ??= postmanCollection(parts.operations, portal.productName).catch((error: unknown) => {
      collection = undefined;
      throw error;
    });
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', 'attachment; filename="coleccion.json"')
      .send(await collection);
  });

  app.get('/postman/entorno.json', {config: API_RATE}, async (request, reply) => {
    const asked = basicCredentials(request.headers.authorization) !== undefined || request.headers.authorization !== undefined;
    const merchant = asked ? await requireMerchant(request, parts.merchants) : parts.merchants.demo;
    const clave = asked ? basicCredentials(request.headers.authorization)!.clave : parts.merchants.demo.clave;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="entorno.json"')
      .send(postmanEnvironment(parts.siteUrl, merchant, clave));
  });
}
