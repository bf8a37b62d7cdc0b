/**
 * Weighs pages of a build folder as the e2e budgets do (e2e/weigh.ts): the
 * gzipped JS and CSS a page fetches while it loads. Used to compare two builds:
 *   tsx bench/weigh-pages.ts <buildDir> /vpost /guias/cifrado ...
 * WEIGH_LIST=1 lists each script with its gzipped size.
 * Serves the folder itself (a plain static server), so any build can be weighed.
 */
import {createServer} from 'node:http';
import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {launchBrowser} from '../e2e/support';
import {builtFile, gzipSize, weighPage} from '../e2e/weigh';

const TYPES: Record<string, string> = {js: 'text/javascript', css: 'text/css', html: 'text/html; charset=utf-8', svg: 'image/svg+xml', json: 'application/json'};

async function main(): Promise<void> {
  const [buildDir, ...paths] = process.argv.slice(2);
  if (buildDir === undefined || paths.length === 0) throw new Error('usage: tsx bench/weigh-pages.ts <buildDir> <path>...');
  const server = createServer((request, response) => {
    try {
      const file = builtFile(buildDir, new URL(request.url ?? '/', 'http://x').pathname);
      response.writeHead(200, {'content-type': TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream'});
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  for (const path of paths) {
    const weight = await weighPage(browser, base, path, buildDir);
    console.log(`${path}\tjs ${(weight.js / 1024).toFixed(1)} KB\tcss ${(weight.css / 1024).toFixed(1)} KB\tscripts ${weight.scripts.length}`);
    if (process.env.WEIGH_LIST === '1') {
      for (const script of weight.scripts) console.log(`  ${(gzipSize(readFileSync(builtFile(buildDir, script))) / 1024).toFixed(1)} KB\t${script}`);
    }
  }
  await browser.close();
  server.close();
}

void main();
