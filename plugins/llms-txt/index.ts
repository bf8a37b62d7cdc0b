/**
 * Local plugin "llms-txt": the Markdown twin of every page and the llms.txt
 * index of each locale (contributing/integrator-tools.md). It runs
 * @signalwire/docusaurus-plugin-llms-txt with the options it is given (its
 * public API: the plugin function and its postBuild), then, in the same
 * postBuild (Docusaurus runs the plugins' postBuild side by side, so a second
 * plugin could not count on the twins being there):
 *
 *  1. writes each API reference operation's twin from its contract
 *     (./reference.ts), in place of the one converted from the HTML, which
 *     had no server URL and glued the field tables into text;
 *  2. puts the "older version" banner of each page of an older docs version
 *     at the top of its twin (./versionNotice.ts);
 *  3. writes llms.txt again: the current version first, in the navbar's and
 *     the sidebars' order, the older versions under a heading of their own
 *     (./indexFile.ts).
 *
 * Its words are in ./texts.ts (English: i18n/en/llms-txt/markdown.json).
 * The upstream CLI (`docusaurus llms-txt`) is not offered: it would convert
 * the reference pages from their HTML again.
 */
import {existsSync, readFileSync} from 'node:fs';
import {writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin, TranslationFileContent} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {PluginOptions} from '@signalwire/docusaurus-plugin-llms-txt';
import type {PortalConfig} from '../../core/config';
import {REFERENCE_CHANNELS, isObject, requestPath} from '../../core/openapi/contracts';
import {versionedDownloadFile} from '../../core/node/openapiVersions';
import {sidebarDocIds} from '../manuals';
import {llmsTxt, type IndexPage, type IndexSection, type IndexVersion} from './indexFile';
import {writeReferenceMarkdown} from './reference';
import {SPANISH, fill, textsFrom, type MarkdownTexts} from './texts';
import {addVersionNotices} from './versionNotice';

type Doc = LoadedContent['loadedVersions'][number]['docs'][number];
type Sidebars = LoadedContent['loadedVersions'][number]['sidebars'];

interface NavbarItem {
  readonly type?: string;
  readonly sidebarId?: string;
  readonly docsPluginId?: string;
  readonly label?: string;
}

interface PageMetadata {
  readonly permalink: string;
}

/** A permalink without the locale's base and trailing slash: the page's file in the locale's build, without extension. */
const routeOf = (permalink: string, baseUrl: string): string =>
  (permalink.startsWith(baseUrl) ? permalink.slice(baseUrl.length) : permalink.replace(/^\//, '')).replace(/\/+$/, '');

/** The title and description a built page gives (its <title> without the site's, its meta description). */
function htmlHead(file: string, siteTitle: string): {title: string; description: string} {
  const html = readFileSync(file, 'utf8');
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  const decode = (text: string) =>
    text
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;|&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  const title = decode(raw)
    .replace(new RegExp(`\\s*\\|\\s*${siteTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '')
    .trim();
  const description = /<meta[^>]*name="?description"?[^>]*content="([^"]*)"/i.exec(html)?.[1] ?? '';
  return {title: title === '' ? siteTitle : title, description: decode(description)};
}

/** A reference operation page's summary line: method and path, then its description's first paragraph. */
function docDescription(doc: Doc): string {
  const api = (doc.frontMatter as {api?: unknown}).api;
  if (isObject(api) && typeof api.method === 'string' && typeof api.path === 'string') {
    const text = typeof api.description === 'string' ? (api.description.split(/\n\s*\n/)[0] ?? '') : doc.description;
    return `${api.method.toUpperCase()} ${requestPath(api.path)}. ${text}`;
  }
  return doc.description;
}

function navbarLabels(localizationDir: string): Record<string, {message: string}> {
  const file = join(localizationDir, 'docusaurus-theme-classic', 'navbar.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, {message: string}>) : {};
}

export default async function llmsTxtPlugin(context: LoadContext, options: Partial<PluginOptions>): Promise<Plugin<TranslationFileContent>> {
  // An ES module only, loaded when Docusaurus makes the plugin: the tests that read
  // docusaurus.config.ts (CommonJS under Jest) never load it.
  const {default: upstreamPlugin} = await import('@signalwire/docusaurus-plugin-llms-txt');
  const upstream = upstreamPlugin(context, options);
  return {
    name: 'llms-txt',

    loadContent: async () => SPANISH,

    getTranslationFiles: async () => [{path: 'markdown', content: SPANISH}],

    translateContent: ({content, translationFiles}) => ({...content, ...(translationFiles[0]?.content ?? {})}),

    async postBuild(props) {
      // The upstream plugin has no content of its own.
      await upstream.postBuild?.({...props, content: undefined});
      const {outDir, siteDir, baseUrl, siteConfig, i18n, plugins, content, localizationDir} = props;
      const texts: MarkdownTexts = textsFrom(content);
      const portal = siteConfig.customFields?.portal as PortalConfig;
      const locale = i18n.currentLocale === 'en' ? 'en' : 'es';
      const siteUrl = siteConfig.url.replace(/\/+$/, '');
      const absolute = (permalink: string) => `${siteUrl}${permalink.replace(/\/+$/, '')}`;
      const hasTwin = (permalink: string) => existsSync(join(outDir, `${routeOf(permalink, baseUrl)}.md`));

      // 1. The reference operations, from their contracts.
      await writeReferenceMarkdown({siteDir, outDir, siteUrl, baseUrl, locale, texts, supportEmail: portal.supportEmail});

      // Every docs instance, version by version (current first, then the cut ones, newest first).
      const instances = plugins
        .filter((p) => p.name === 'docusaurus-plugin-content-docs')
        .map((p) => ({id: p.options.id ?? 'default', versions: (p.content as LoadedContent).loadedVersions}));
      const versionNames = [...new Set(instances.flatMap((i) => i.versions.map((v) => v.versionName)))];
      const older = versionNames.filter((name) => name !== 'current');

      // 2. The older versions' banner, in their twins.
      const olderRoutes = instances.flatMap((i) => i.versions.filter((v) => v.versionName !== 'current').flatMap((v) => v.docs.map((d) => routeOf(d.permalink, baseUrl))));
      await addVersionNotices(outDir, olderRoutes, siteUrl);

      // 3. llms.txt.
      const labels = navbarLabels(localizationDir);
      const navbar = ((siteConfig.themeConfig as {navbar?: {items?: NavbarItem[]}}).navbar?.items ?? []).filter(
        (item) => item.type === 'docSidebar' && item.sidebarId !== undefined,
      );
      const channelLabel = (item: NavbarItem) => labels[`item.label.${item.label ?? ''}`]?.message ?? item.label ?? item.sidebarId ?? '';
      const page = (doc: Doc): IndexPage => ({title: doc.title, description: docDescription(doc), url: absolute(doc.permalink)});

      const sectionsOf = (versionName: string): IndexSection[] => {
        const byInstance = new Map<string, {docs: Map<string, Doc>; sidebars: Sidebars}>();
        for (const instance of instances) {
          const version = instance.versions.find((v) => v.versionName === versionName);
          if (version === undefined) continue;
          byInstance.set(instance.id, {docs: new Map(version.docs.filter((d) => !d.unlisted && hasTwin(d.permalink)).map((d) => [d.id, d])), sidebars: version.sidebars});
        }
        const covered = new Set<string>();
        const take = (instanceId: string, ids: readonly string[]): Doc[] => {
          const docs = byInstance.get(instanceId)?.docs;
          return ids.flatMap((id) => {
            const doc = docs?.get(id);
            if (doc === undefined || covered.has(`${instanceId}:${id}`)) return [];
            covered.add(`${instanceId}:${id}`);
            return [doc];
          });
        };
        const sections: IndexSection[] = navbar.map((item) => {
          const instanceId = item.docsPluginId ?? 'default';
          const sidebar = byInstance.get(instanceId)?.sidebars[item.sidebarId!];
          return {title: channelLabel(item), pages: take(instanceId, sidebar === undefined ? [] : sidebarDocIds(sidebar)).map(page)};
        });
        const others = [...byInstance].flatMap(([instanceId, {docs, sidebars}]) => take(instanceId, [...Object.values(sidebars).flatMap((s) => sidebarDocIds(s)), ...docs.keys()]));
        sections.push({title: texts['llms.otherDocs'], pages: others.map(page)});
        // The contracts of this version (the SOAP one is not versioned).
        const contracts: IndexPage[] = REFERENCE_CHANNELS.flatMap((id) => {
          const file = versionedDownloadFile(id, locale, versionName);
          const item = navbar.find((n) => n.docsPluginId === id);
          return existsSync(join(siteDir, 'static', file))
            ? [{title: fill(texts['llms.contract'], {channel: item === undefined ? id : channelLabel(item)}), description: '', url: `${siteUrl}/${file}`}]
            : [];
        });
        if (versionName === 'current' && existsSync(join(siteDir, 'static', 'soap', 'pagos.wsdl')))
          contracts.push({title: texts['llms.wsdl'], description: '', url: `${siteUrl}/soap/pagos.wsdl`});
        if (versionName === 'current') {
          // The pages outside the docs: the sandbox's rules and pages, the signature workbench, the changelog, the manuals form.
          const pages = plugins
            .filter((p) => p.name === 'docusaurus-plugin-content-pages')
            .flatMap((p) => (p.content as PageMetadata[]).map((m) => m.permalink))
            .filter((permalink) => hasTwin(permalink))
            .sort()
            .map((permalink) => ({...htmlHead(join(outDir, `${routeOf(permalink, baseUrl)}.html`), siteConfig.title), url: absolute(permalink)}));
          sections.push({title: texts['llms.pages'], pages});
        }
        sections.push({title: texts['llms.contracts'], pages: contracts});
        return sections;
      };

      const versionLabel = (name: string) => instances.find((i) => i.id === 'default')?.versions.find((v) => v.versionName === name)?.label ?? name;
      const current: IndexVersion = {label: versionLabel('current'), sections: sectionsOf('current')};
      const olderVersions: IndexVersion[] = older.map((name) => ({label: versionLabel(name), sections: sectionsOf(name)}));
      const description = typeof options.siteDescription === 'string' ? options.siteDescription : (siteConfig.tagline ?? '');
      await writeFile(join(outDir, 'llms.txt'), llmsTxt({title: options.siteTitle ?? siteConfig.title, description, current, older: olderVersions, texts}), 'utf8');
    },
  };
}
