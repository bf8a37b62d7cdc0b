/**
 * Local plugin "manuals": after each locale's build, makes the integration
 * manual of that locale as a PDF from the portal's own pages, and the
 * manifest the utils service reads to send it (server/manuals; the shared
 * names and shape are in core/manualsBuild.ts):
 *
 *   build/manuales/manual-integracion-<product>.pdf     (Spanish)
 *   build/en/manuales/integration-manual-<product>.pdf  (English)
 *   .../manuales/manifiesto.json                        (channel links, message texts)
 *
 * Chapters follow the navbar's channels and each channel's sidebar; pages
 * that belong to no navbar channel form a last chapter. The content is the
 * built HTML of each page (./htmlToBlocks.ts), so the PDF says what the
 * portal says, in the same language. Nothing is checked in: every build makes
 * the PDFs again.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {PortalConfig} from '../../core/config';
import {buildSample, isSampleKey, type SampleLocale} from '../../core/data/codeSamples';
import {MANIFEST_FILE, MANIFEST_VERSION, MANUALS_DIR, type ManualManifest} from '../../core/manualsBuild';
import {htmlToBlocks} from './htmlToBlocks';
import {renderManualPdf, type ManualChapter, type ManualPage} from './renderPdf';
import {manualTexts, pdfFileName, type ManualsTexts} from './texts';

interface SidebarItem {
  readonly type: string;
  readonly id?: string;
  readonly items?: readonly SidebarItem[];
  readonly link?: {readonly type: string; readonly id?: string};
}

interface DocInfo {
  readonly id: string;
  readonly title: string;
  readonly permalink: string;
  readonly source: string;
}

interface Channel {
  readonly label: string;
  readonly docs: readonly DocInfo[];
  /** A navbar channel (linked from the message), not the chapter of other pages. */
  readonly navbar: boolean;
}

/** Doc ids of a sidebar, in reading order (category pages before their items). */
export function sidebarDocIds(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if ((item.type === 'doc' || item.type === 'ref') && item.id !== undefined) {
      return [item.id];
    }
    if (item.type === 'category') {
      const link = item.link?.type === 'doc' && item.link.id !== undefined ? [item.link.id] : [];
      return [...link, ...sidebarDocIds(item.items ?? [])];
    }
    return [];
  });
}

interface NavbarItem {
  readonly type?: string;
  readonly sidebarId?: string;
  readonly docsPluginId?: string;
  readonly label?: string;
}

/** With trailingSlash: false, index docs ("/vpost/") are served without the slash. */
export function withoutTrailingSlash(permalink: string): string {
  return permalink.length > 1 ? permalink.replace(/\/+$/, '') : permalink;
}

/** The built HTML file of a permalink, with trailingSlash: false. */
function htmlFileOf(outDir: string, baseUrl: string, permalink: string): string | null {
  const path = permalink.startsWith(baseUrl) ? permalink.slice(baseUrl.length) : permalink.replace(/^\//, '');
  for (const candidate of [path === '' ? 'index.html' : `${path}.html`, join(path, 'index.html')]) {
    const file = join(outDir, candidate);
    if (existsSync(file)) {
      return file;
    }
  }
  return null;
}

async function navbarLabels(localizationDir: string): Promise<Record<string, {message: string}>> {
  const file = join(localizationDir, 'docusaurus-theme-classic', 'navbar.json');
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, {message: string}>) : {};
}

export default function manualsPlugin(context: LoadContext): Plugin {
  return {
    name: 'manuals',

    async postBuild({plugins, outDir, baseUrl, siteConfig, i18n, localizationDir}) {
      const started = Date.now();
      const portal = siteConfig.customFields?.portal as PortalConfig;
      const locale = i18n.currentLocale;
      const sampleLocale: SampleLocale = locale === 'en' ? 'en' : 'es';
      // Its words are the topic `manual` of plugins/labels, read in the locale being built.
      const texts: ManualsTexts = manualTexts(locale === 'en' ? 'en' : 'es', portal.productName, context.siteDir);
      const siteUrl = `${siteConfig.url.replace(/\/+$/, '')}${baseUrl}`.replace(/\/+$/, '');
      const absolute = (permalink: string) => `${siteConfig.url.replace(/\/+$/, '')}${permalink}`;

      // Every docs instance: its docs by id, and its sidebars.
      const instances = new Map<string, {docs: Map<string, DocInfo>; sidebars: Record<string, readonly SidebarItem[]>}>();
      for (const plugin of plugins.filter((p) => p.name === 'docusaurus-plugin-content-docs')) {
        const loaded = plugin.content as LoadedContent;
        const version = loaded.loadedVersions.find((v) => v.versionName === 'current') ?? loaded.loadedVersions[0];
        if (version === undefined) continue;
        instances.set(plugin.options.id ?? 'default', {
          docs: new Map(version.docs.filter((d) => !d.unlisted).map((d) => [d.id, {id: d.id, title: d.title, permalink: withoutTrailingSlash(d.permalink), source: d.source}])),
          sidebars: version.sidebars,
        });
      }

      // Chapters: the navbar's channels, in navbar order, then every other page.
      const labels = await navbarLabels(localizationDir);
      const covered = new Set<string>();
      const channels: Channel[] = [];
      const navbar = ((siteConfig.themeConfig as {navbar?: {items?: NavbarItem[]}}).navbar?.items ?? []).filter(
        (item) => item.type === 'docSidebar' && item.sidebarId !== undefined,
      );
      for (const item of navbar) {
        const pluginId = item.docsPluginId ?? 'default';
        const instance = instances.get(pluginId);
        const sidebar = instance?.sidebars[item.sidebarId!];
        if (instance === undefined || sidebar === undefined) continue;
        const docs = sidebarDocIds(sidebar)
          .map((id) => instance.docs.get(id))
          .filter((d): d is DocInfo => d !== undefined && !covered.has(`${pluginId}:${d.id}`));
        docs.forEach((d) => covered.add(`${pluginId}:${d.id}`));
        const label = item.label ?? item.sidebarId!;
        if (docs.length > 0) {
          channels.push({label: labels[`item.label.${label}`]?.message ?? label, docs, navbar: true});
        }
      }
      const others: DocInfo[] = [];
      for (const [pluginId, instance] of instances) {
        const ordered = [...Object.values(instance.sidebars).flatMap((s) => sidebarDocIds(s)), ...instance.docs.keys()];
        for (const id of ordered) {
          const doc = instance.docs.get(id);
          if (doc !== undefined && !covered.has(`${pluginId}:${id}`)) {
            covered.add(`${pluginId}:${id}`);
            others.push(doc);
          }
        }
      }
      if (others.length > 0) {
        channels.push({label: texts['manual.otherPages'], docs: others, navbar: false});
      }

      const sample = (key: string, label: string): string | null => {
        if (!isSampleKey(key)) return null;
        // The button says "Ver código: Pago normal"; the sample's title is the part after the colon.
        const title = label.includes(': ') ? label.slice(label.indexOf(': ') + 2) : label;
        return buildSample(key, portal.purchaseEndpoints.demo, sampleLocale, title).code;
      };

      const chapters: ManualChapter[] = [];
      for (const channel of channels) {
        const pages: ManualPage[] = [];
        for (const doc of channel.docs) {
          const file = htmlFileOf(outDir, baseUrl, doc.permalink);
          if (file === null) {
            throw new Error(`[manuals] no built page for ${doc.permalink} (${doc.source}).`);
          }
          const url = absolute(doc.permalink);
          pages.push({
            title: doc.title,
            url,
            blocks: htmlToBlocks(await readFile(file, 'utf8'), {pageUrl: url, sample}),
          });
        }
        chapters.push({title: channel.label, pages});
      }

      const epoch = Number(process.env.SOURCE_DATE_EPOCH);
      const date = Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
      const {pdf, pages} = await renderManualPdf({
        lang: locale === 'es' ? 'es-CO' : locale,
        // The locale's own site title ("Integrations <product>" in English):
        // docusaurus.config.ts picks it per locale (SITE_TITLE).
        siteTitle: siteConfig.title,
        siteUrl,
        texts: {
          title: texts['manual.title'],
          subtitle: texts['manual.subtitle'],
          contents: texts['manual.contents'],
          onlineVersion: texts['manual.onlineVersion'],
          generated: texts['manual.generated'],
          pageNumber: texts['manual.pageNumber'],
        },
        chapters,
        date,
      });

      const fileName = pdfFileName(texts);
      const folder = join(outDir, MANUALS_DIR);
      await mkdir(folder, {recursive: true});
      await writeFile(join(folder, fileName), pdf);
      const manifest: ManualManifest = {
        version: MANIFEST_VERSION,
        locale,
        productName: portal.productName,
        pdf: {file: fileName, path: `${baseUrl}${MANUALS_DIR}/${fileName}`, title: texts['manual.title'], pages},
        channels: channels.filter((c) => c.navbar).map((c) => ({label: c.label, path: c.docs[0]!.permalink})),
        mail: {
          subject: texts['mail.subject'],
          greeting: texts['mail.greeting'],
          intro: texts['mail.intro'],
          channelsHeading: texts['mail.channelsHeading'],
          pdfLink: texts['mail.pdfLink'],
          support: texts['mail.support'],
          footer: texts['mail.footer'],
        },
      };
      await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      const pageCount = chapters.reduce((n, c) => n + c.pages.length, 0);
      console.log(
        `[manuals] ${locale}: ${pageCount} portal pages in ${chapters.length} chapters -> ${MANUALS_DIR}/${fileName} (${pages} PDF pages, ${Math.round(pdf.length / 1024)} KB) in ${Date.now() - started} ms`,
      );
    },
  };
}
