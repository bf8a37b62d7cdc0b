/**
 * Checks of English pages beside the inventory of scripts/translations/ (what
 * there is to translate, and its state): the docs instances as the site config
 * declares them, to check the inventory's list against, and how Spanish prose
 * is recognised in an English page. Used by englishCompleteness.test.ts.
 */
import {join} from 'node:path';

export const ROOT = join(__dirname, '../..');

/** A docs-plugin instance: where its Spanish docs are and where their English twins go. */
export interface DocsInstance {
  readonly id: string;
  readonly source: string;
  readonly english: string;
}

function docsOptions(entry: unknown, kind: 'preset' | 'plugin'): Record<string, unknown>[] {
  const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
  if (typeof name !== 'string' || typeof options !== 'object' || options === null) {
    return [];
  }
  const opts = options as Record<string, unknown>;
  if (kind === 'preset' && /(^classic$|preset-classic)/.test(name)) {
    return opts.docs === false ? [] : [(opts.docs ?? {}) as Record<string, unknown>];
  }
  if (kind === 'plugin' && /(^content-docs$|plugin-content-docs$)/.test(name)) {
    return [opts];
  }
  return [];
}

/**
 * Every docs instance of docusaurus.config.ts (the classic preset's and each
 * @docusaurus/plugin-content-docs), so a new instance is checked without
 * editing this test. Docusaurus keeps the English docs of instance <id> in
 * i18n/en/docusaurus-plugin-content-docs-<id>/current ("default" has no suffix).
 */
export function docsInstances(config: {presets?: unknown[]; plugins?: unknown[]}): DocsInstance[] {
  const options = [...(config.presets ?? []).flatMap((p) => docsOptions(p, 'preset')), ...(config.plugins ?? []).flatMap((p) => docsOptions(p, 'plugin'))];
  return options.map((opts) => {
    const id = typeof opts.id === 'string' ? opts.id : 'default';
    const source = typeof opts.path === 'string' ? opts.path : 'docs';
    const folder = id === 'default' ? 'docusaurus-plugin-content-docs' : `docusaurus-plugin-content-docs-${id}`;
    return {id, source: join(ROOT, source), english: join(ROOT, 'i18n/en', folder, 'current')};
  });
}

/**
 * Words that Spanish prose is full of and English prose never uses; a line of
 * an English page with three of them is a sentence left in Spanish.
 */
const SPANISH_WORDS = new Set([
  'el',
  'la',
  'los',
  'las',
  'del',
  'al',
  'de',
  'en',
  'que',
  'para',
  'con',
  'por',
  'una',
  'un',
  'su',
  'sus',
  'se',
  'es',
  'son',
  'lo',
  'como',
  'más',
  'pero',
  'cuando',
  'donde',
  'sin',
  'este',
  'esta',
  'estos',
  'estas',
  'y',
  'o',
  'también',
  'debe',
  'puede',
  'hay',
]);

const WORD = /[\p{L}]{2,}/gu;

/** Text a reader sees in a Markdown line: no inline code, tags, expressions or link targets. */
export function visibleText(line: string): string {
  return line
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ');
}

function words(text: string): string[] {
  return visibleText(text).match(WORD) ?? [];
}

/**
 * The prose blocks of a page, whitespace-normalized: the front-matter
 * description, paragraphs, and each list item, table row and Mermaid line.
 * Code blocks other than Mermaid diagrams are not prose. A block counts when a
 * reader sees at least four words in it, one of them a Spanish function word,
 * so that what both languages share (a title like "Terminal", variable names
 * such as "usuario, factura, valor", a table of codes) never counts.
 */
export function proseBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push(paragraph.join(' '));
      paragraph = [];
    }
  };
  const lines = markdown.split('\n');
  let i = 0;
  if (lines[0]?.trim() === '---') {
    for (i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++) {
      const description = /^description:\s*(.+)$/.exec(lines[i]!);
      if (description) {
        blocks.push(description[1]!.replace(/^["']|["']$/g, ''));
      }
    }
    i++;
  }
  let fence: string | null = null;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const opening = /^(```+|~~~+)\s*(\w*)/.exec(line);
    if (fence === null && opening) {
      flush();
      fence = opening[2] === 'mermaid' ? 'mermaid' : 'code';
      continue;
    }
    if (fence !== null) {
      if (/^(```+|~~~+)$/.test(line)) {
        fence = null;
      } else if (fence === 'mermaid') {
        blocks.push(line);
      }
      continue;
    }
    if (line === '') {
      flush();
    } else if (/^(#{1,6}\s|[-*+]\s|\d+\.\s|\||:::)/.test(line)) {
      flush();
      blocks.push(line);
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks.map((b) => b.replace(/\s+/g, ' ').trim()).filter((b) => words(b).length >= 4 && words(b).some((w) => SPANISH_WORDS.has(w.toLowerCase())));
}

export function spanishLines(markdown: string): string[] {
  // Mermaid labels are prose; other code blocks keep their Spanish identifiers.
  let fence: 'mermaid' | 'code' | null = null;
  return markdown.split('\n').filter((raw) => {
    const line = raw.trim();
    const marker = /^(```+|~~~+)\s*(\w*)/.exec(line);
    if (marker) {
      fence = fence !== null ? null : marker[2] === 'mermaid' ? 'mermaid' : 'code';
      return false;
    }
    if (fence === 'code') {
      return false;
    }
    const found = (
      visibleText(line)
        .toLowerCase()
        .match(/[\p{L}]+/gu) ?? []
    ).filter((w) => SPANISH_WORDS.has(w));
    return found.length >= 3;
  });
}
