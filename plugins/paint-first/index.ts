/**
 * Pages are drawn from their HTML before the site's JavaScript runs.
 *
 * Docusaurus ends each page's head with `<script src=… defer>` for its runtime
 * and main bundle. A deferred script runs as soon as the document is parsed,
 * and when the script is already there (cached, or a fast network) that is
 * before the browser has painted anything: on a slow phone the reader then
 * looks at a blank screen while React starts up and hydrates the page, though
 * the HTML holds the whole page. Lighthouse measured it: the guide's first
 * paragraph was in the first paint on a desktop CPU, and 2.9 s late on its
 * throttled phone, behind the main bundle's work.
 *
 * After the build, each page fetches the same scripts at once (preloaded, low
 * priority, as `defer` fetched them) but starts them only once the parsed page
 * has been painted (see loaderScript). They run in their original order, and
 * carry V8's hint to compile them while they download (see COMPILE_HINT).
 */
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {htmlFiles, replaceFile} from '../built-html/files';

/** A deferred external script, as the minified HTML writes it (quotes optional). */
const DEFERRED_SCRIPT = /<script\b([^>]*)><\/script>/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|$)`, 'i').exec(attributes);
  if (match === null) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The inline loader; the same text for every page of a build, so the CSP has
 * one hash per locale. It appends the scripts (in order: `async = false`) once
 * the document is parsed, as `defer` would, and once the browser has reported
 * its first contentful paint. Without paint timing (older browsers) it waits
 * for the next frame; a hidden page, which paints nothing, does not wait; and
 * after three seconds it stops waiting for a paint that has not come.
 */
export function loaderScript(sources: readonly string[]): string {
  // `<` is escaped so that no URL can close the script element.
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    '(function(d,w){var s=' +
    list +
    ',parsed=false,painted=false,started=false,P=w.PerformanceObserver;' +
    'function load(){if(started||!parsed||!painted)return;started=true;s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;d.head.appendChild(e)})}' +
    'function paint(){painted=true;setTimeout(load,0)}' +
    'if(d.hidden){painted=true}' +
    'else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();paint()}}).observe({type:"paint",buffered:true})}' +
    'else{w.requestAnimationFrame(function(){setTimeout(paint,0)})}' +
    'setTimeout(paint,3000);' +
    'function ready(){parsed=true;load()}' +
    'if(d.readyState==="loading"){d.addEventListener("DOMContentLoaded",ready)}else{ready()}' +
    '})(document,window)'
  );
}

/**
 * One page's HTML with its deferred scripts replaced by preload links (where
 * the first script was) and the loader. A page without deferred scripts (a
 * client redirect) comes back unchanged.
 */
export function deferToFirstPaint(html: string): string {
  const sources: string[] = [];
  let firstAt = -1;
  const stripped = html.replace(DEFERRED_SCRIPT, (tag, attributes: string, offset: number) => {
    const src = attribute(attributes, 'src');
    if (src === undefined || src === '' || attribute(attributes, 'defer') === undefined) return tag;
    const type = attribute(attributes, 'type');
    if (type !== undefined && !/^(text\/javascript|application\/javascript)?$/i.test(type.trim())) return tag;
    if (firstAt === -1) firstAt = offset;
    sources.push(src);
    return '';
  });
  if (sources.length === 0) return html;
  const preloads = sources.map((src) => `<link rel=preload href="${src.replace(/"/g, '&quot;')}" as=script fetchpriority=low>`).join('');
  const loader = `<script>${loaderScript(sources)}</script>`;
  // Nothing before the first script was removed, so its offset still holds.
  return stripped.slice(0, firstAt) + preloads + loader + stripped.slice(firstAt);
}

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this
 * comment has all its functions compiled eagerly, while it streams in off the
 * main thread, instead of one by one on the main thread as they are first
 * called. The entry bundle's functions nearly all run as the page starts
 * (React, the router, the layout), so this cut its start-up task by about a
 * third on a throttled phone. Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The runtime and main bundle, which every page runs as it starts. */
const ENTRY_SCRIPT = /^(runtime~main|main)\.[0-9a-f]+\.js$/;

export function withCompileHint(script: string): string {
  return script.startsWith(COMPILE_HINT) ? script : COMPILE_HINT + script;
}

async function hintEntryScripts(outDir: string): Promise<number> {
  const dir = join(outDir, 'assets', 'js');
  const names = (await readdir(dir).catch(() => [])).filter((name) => ENTRY_SCRIPT.test(name));
  for (const name of names) {
    const path = join(dir, name);
    await replaceFile(path, withCompileHint(await readFile(path, 'utf8')));
  }
  return names.length;
}

/**
 * Rewrites every built page of a locale and hints its entry bundles; run by
 * plugins/built-html after the other edits of the built HTML.
 */
export async function paintFirst(outDir: string): Promise<void> {
  let changed = 0;
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    const next = deferToFirstPaint(html);
    if (next !== html) {
      await replaceFile(file, next);
      changed += 1;
    }
  }
  if (changed === 0) {
    throw new Error(`paint-first: no page under ${outDir} has the deferred scripts Docusaurus writes; the HTML has changed shape.`);
  }
  if ((await hintEntryScripts(outDir)) === 0) {
    throw new Error(`paint-first: no runtime~main or main bundle in ${join(outDir, 'assets', 'js')} to give the compile hint.`);
  }
}
