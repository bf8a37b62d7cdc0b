/**
 * `npm test`'s content step (scripts/test.mjs, after the build): the checks of
 * ./checks.ts over build/, both locales and every docs version. A link
 * "answers 200" when the portal's own server answers it so: the server
 * (server/app.ts) is made in this process on build/, without listening, and
 * asked with Fastify's inject, so the sandbox's pages (/sandbox/...), the
 * redirects and the site's files answer as they would to a reader. The
 * assistants' endpoint is left off (it indexes the docs at start, and no link
 * goes to it) and so are the sandbox's per-address limits (every request
 * comes from this process). Exits 1 listing each failure with its page.
 */
import {resolve} from 'node:path';
import {buildApp} from '../../server/app';
import {loadServerConfig} from '../../server/config';
import {REFERENCE_CHANNELS} from '../../core/openapi/contracts';
import {versionsOf} from '../../core/node/docsVersions';
import {checkSite, report} from './checks';

const started = Date.now();
const buildDir = resolve(process.env.BUILD_DIR ?? 'build');
// The address the build wrote into its absolute links (docusaurus.config.ts reads the same variable).
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

// Older versions: the guides' under /<version>/, each reference channel's under /<channel>/<version>/,
// and their contracts under /openapi/<version>/.
const guides = new Set(versionsOf('default'));
const channels = new Map(REFERENCE_CHANNELS.map((id) => [id as string, new Set(versionsOf(id))]));
function olderVersionOf(path: string): string | null {
  const parts = path
    .split('/')
    .filter((p) => p !== '')
    .map((p) => p.replace(/\.[a-z]+$/, ''));
  const [first = '', second = ''] = parts;
  if (guides.has(first)) return first;
  if (channels.get(first)?.has(second) === true) return second;
  if (first === 'openapi' && guides.has(second)) return second;
  return null;
}

async function main(): Promise<void> {
  const config = loadServerConfig({...process.env, BUILD_DIR: buildDir, PORTAL_ENV: 'development', MCP: 'off', SANDBOX_RATE_LIMITS: 'off', REDIS_URL: '', SMTP_URL: ''});
  const app = await buildApp(config);
  try {
    const {failures, counts} = await checkSite({
      buildDir,
      siteUrl,
      localeFolders: ['en'],
      olderVersionOf,
      status: async (path) => (await app.inject({method: 'GET', url: path})).statusCode,
    });
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    if (failures.length > 0) {
      console.error(
        `content: ${failures.length} problem(s) in ${buildDir} (${counts.files} pages and twins, ${counts.links} portal links):\n${report(failures, Number(process.env.CONTENT_REPORT_LIMIT ?? 200))}`,
      );
      process.exitCode = 1;
    } else {
      console.log(`content: ${counts.files} pages and twins read, ${counts.links} portal links answer 200, in ${took}.`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
