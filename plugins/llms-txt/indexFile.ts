/**
 * llms.txt, the index of the Markdown twins (https://llmstxt.org): the
 * current version first, channel by channel in the navbar's order and each
 * channel's pages in its sidebar's order, then the guides, the pages outside
 * the docs and the contracts; the older versions last, under a heading of
 * their own, so an assistant that reads from the top integrates against the
 * current contracts. Pure: ./index.ts gathers the pages from the docs
 * plugins' loaded content and the build.
 */
import {fill, type MarkdownTexts} from './texts';

export interface IndexPage {
  readonly title: string;
  readonly description: string;
  /** The page's address on the portal, absolute, without .md. */
  readonly url: string;
}

export interface IndexSection {
  readonly title: string;
  readonly pages: readonly IndexPage[];
}

export interface IndexVersion {
  /** "v2 (actual)", "v1". */
  readonly label: string;
  readonly sections: readonly IndexSection[];
}

export interface IndexInput {
  readonly title: string;
  readonly description: string;
  readonly current: IndexVersion;
  /** Newest first. */
  readonly older: readonly IndexVersion[];
  readonly texts: MarkdownTexts;
}

/** One line of a description. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function links(pages: readonly IndexPage[]): string[] {
  return pages.map((page) => {
    const target = /\.[a-z0-9]+$/i.test(new URL(page.url).pathname) ? page.url : `${page.url}.md`;
    return `- [${oneLine(page.title).replace(/([[\]])/g, '\\$1')}](${target})${page.description === '' ? '' : `: ${oneLine(page.description)}`}`;
  });
}

export function llmsTxt({title, description, current, older, texts}: IndexInput): string {
  const out: string[] = [`# ${title}`, '', `> ${oneLine(description)}`, ''];
  if (older.length > 0) out.push(fill(texts['llms.currentVersion'], {version: current.label, older: texts['llms.olderVersions']}), '');
  for (const section of current.sections.filter((s) => s.pages.length > 0)) {
    out.push(`## ${section.title}`, '', ...links(section.pages), '');
  }
  if (older.length > 0) {
    out.push(`## ${texts['llms.olderVersions']}`, '', texts['llms.olderVersionsIntro'], '');
    for (const version of older) {
      for (const section of version.sections.filter((s) => s.pages.length > 0)) {
        out.push(`### ${fill(texts['llms.olderSection'], {version: version.label, section: section.title})}`, '', ...links(section.pages), '');
      }
    }
  }
  return `${out.join('\n').trim()}\n`;
}
