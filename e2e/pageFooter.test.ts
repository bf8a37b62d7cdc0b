/**
 * Every page made from Markdown (docs of every instance and version, MDX pages,
 * both languages) ends with its last-updated date and, when the build had an
 * edit address (REPOSITORY_EDIT_URL), a link to edit the file it is made from
 * (plugins/page-source). Read from the built HTML of every page of both
 * sitemaps: no browser needed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {loadPortalConfig} from '../core/config';
import {ROOT, sitemapPaths} from './support';

function builtFile(path: string): string | undefined {
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [`${path}.html`, `${path}/index.html`];
  return candidates.map((c) => join(ROOT, 'build', c)).find((file) => existsSync(file));
}

/** A docs page or an MDX page (React pages such as /enviomanuales have no source file to show). */
const fromMarkdown = (html: string): boolean => /<html[^>]*class="[^"]*\b(docs-doc-page|mdx-page)\b/.test(html);

const pages = sitemapPaths()
  .map((path) => ({path, html: readFileSync(builtFile(path) ?? '/dev/null', 'utf8')}))
  .filter((page) => fromMarkdown(page.html));

test('every page made from Markdown, in both languages, shows when it was last updated', () => {
  assert.ok(pages.length > 100, `only ${pages.length} Markdown pages in the sitemaps`);
  assert.ok(pages.some((p) => p.path.startsWith('/en/')));
  const undated = pages.filter(({html}) => !/class="?theme-last-updated"?[\s\S]{0,200}<time datetime="?\d{4}-\d\d-\d\dT/.test(html)).map((p) => p.path);
  assert.deepEqual(undated, []);
});

test('every page made from Markdown links to the file it is edited in, when the build had an edit address', () => {
  const links = pages.map(({path, html}) => ({path, href: /<a [^>]*href="?([^"\s>]+)"?[^>]*class="?theme-edit-this-page/.exec(html)?.[1]}));
  const linked = links.filter((l) => l.href !== undefined);
  // All pages or none: the build had REPOSITORY_EDIT_URL or it had not.
  assert.ok(
    linked.length === 0 || linked.length === links.length,
    `pages without an edit link: ${links
      .filter((l) => l.href === undefined)
      .map((l) => l.path)
      .join(', ')}`,
  );
  const configured = loadPortalConfig(process.env).repositoryEditUrl;
  if (configured !== null) assert.equal(linked.length, links.length, 'REPOSITORY_EDIT_URL is set, but the build has no edit links: build with it set');
  if (linked.length === 0) return;
  const landing = links.find((l) => l.path === '/vpost')?.href;
  const base = configured ?? landing?.slice(0, landing.length - 'docs/vpost/index.mdx'.length) ?? '';
  const wrong = links.filter(({path, href}) => {
    if (!href!.startsWith(base)) return true;
    const file = href!.slice(base.length);
    // An English page is edited in an English file (under i18n/en/, or an overlay), a Spanish page never.
    const englishFile = file.startsWith('i18n/en/') || /\/en\/[^/]+\.overlay\.yaml$/.test(file);
    return !existsSync(join(ROOT, file)) || path.startsWith('/en/') !== englishFile;
  });
  assert.deepEqual(wrong, []);
});

test('the component catalog for writers is a page in both languages', () => {
  for (const path of ['/escritores/componentes', '/en/escritores/componentes']) {
    const page = pages.find((p) => p.path === path);
    assert.ok(page, `${path} is not in the sitemap`);
    assert.match(page.html, /<h2[^>]*>[\s\S]*?PaymentMethodTable/);
  }
});
