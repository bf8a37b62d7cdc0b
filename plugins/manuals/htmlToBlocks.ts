/**
 * Turns the article of a built page into the blocks of the PDF manual.
 *
 * It reads the HTML the build rendered, not the Markdown: tables and lists
 * that components draw from core/data (payment methods, enumerations, sample
 * forms) are in the manual exactly as the page shows them. Interface-only
 * parts (buttons, anchors, breadcrumbs, the mobile table of contents) are left
 * out; every tab's content is kept, under the tab's name.
 */
import {parse} from 'parse5';

// The few shapes of a DOM this module reads (made from parse5's tree by toDom).
interface DomText {
  readonly type: 'text';
  readonly data: string;
}

interface DomElement {
  readonly type: 'tag' | 'root';
  readonly name: string;
  readonly attribs: Record<string, string>;
  readonly children: readonly DomNode[];
}

interface DomOther {
  readonly type: 'comment' | 'directive' | 'cdata';
  /** A comment's text (React marks its Suspense boundaries with comments). */
  readonly data?: string;
}

type DomNode = DomText | DomElement | DomOther;

/** A piece of text with one style. */
export interface Run {
  readonly text: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly code?: boolean;
  /** Absolute URL. */
  readonly href?: string;
}

export interface Cell {
  readonly text: string;
  /** The whole cell is code (a variable name, a value). */
  readonly code: boolean;
}

export type Block =
  | {readonly kind: 'heading'; readonly level: number; readonly text: string}
  | {readonly kind: 'paragraph'; readonly runs: readonly Run[]}
  | {readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly (readonly Block[])[]}
  | {readonly kind: 'code'; readonly text: string; readonly title?: string}
  | {readonly kind: 'table'; readonly header: readonly Cell[]; readonly rows: readonly (readonly Cell[])[]}
  | {readonly kind: 'note'; readonly title: string; readonly blocks: readonly Block[]}
  | {readonly kind: 'label'; readonly text: string}
  /** A drawing of the page (a sequence diagram): the SVG as the build wrote it, and its accessible title. */
  | {readonly kind: 'diagram'; readonly svg: string; readonly title: string}
  | {readonly kind: 'rule'};

export interface ExtractOptions {
  /** Absolute address of the page, against which its links resolve. */
  readonly pageUrl: string;
  /**
   * The code behind a "?muestra=<key>" sample link (the code dialog of the
   * portal), so the manual prints it. `label` is the text of the sample's button.
   */
  readonly sample?: (key: string, label: string) => string | null;
}

const SKIPPED = new Set(['button', 'svg', 'script', 'style', 'noscript', 'nav', 'iframe', 'form', 'input', 'select', 'textarea', 'template']);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'figure',
  'figcaption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'table',
  'blockquote',
  'details',
  'summary',
  'hr',
  'dl',
  'dt',
  'dd',
]);

/** parse5's default tree: what toDom reads of it. */
interface Parse5Node {
  readonly nodeName: string;
  readonly tagName?: string;
  readonly value?: string;
  readonly data?: string;
  readonly attrs?: readonly {readonly name: string; readonly value: string}[];
  readonly childNodes?: readonly Parse5Node[];
}

function toDom(node: Parse5Node): DomNode {
  if (node.nodeName === '#text') {
    return {type: 'text', data: node.value ?? ''};
  }
  if (node.nodeName === '#comment' || node.nodeName === '#documentType') {
    return {type: 'comment', data: node.data ?? ''};
  }
  return {
    type: node.tagName === undefined ? 'root' : 'tag',
    name: node.tagName ?? '',
    attribs: Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value])),
    children: (node.childNodes ?? []).map(toDom),
  };
}

const escapeXml = (text: string, quote = false): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(quote ? /"/g : /$^/g, '&quot;');

/** The element back as markup (for an SVG drawing: elements, attributes and text only). */
function serialize(node: DomNode): string {
  if (node.type === 'text') return escapeXml(node.data);
  if (!isElement(node)) return '';
  const attributes = Object.entries(node.attribs)
    .map(([name, value]) => ` ${name}="${escapeXml(value, true)}"`)
    .join('');
  return `<${node.name}${attributes}>${node.children.map(serialize).join('')}</${node.name}>`;
}

/** A drawing with a name (the site's sequence diagrams), unlike an icon. */
function isDrawing(element: DomElement): boolean {
  return element.name === 'svg' && element.attribs.role === 'img';
}

/** A table cell (or a name or value of a list): its text, and whether it is all code. */
function cellOf(cell: DomElement): Cell {
  const text = squash(textOf(cell)).trim();
  const content = cell.children.filter((n) => !(n.type === 'text' && n.data.trim() === '') && n.type !== 'comment');
  const code = content.length > 0 && content.every((n) => isElement(n) && n.name === 'code');
  return {text, code};
}

function isElement(node: DomNode): node is DomElement {
  return node.type === 'tag' || node.type === 'root';
}

function classes(element: DomElement): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

/** CSS-module classes carry a hash suffix ("admonitionHeading_Gvgb"): match the prefix. */
function hasClass(element: DomElement, name: string): boolean {
  return classes(element).some((c) => c === name || c.startsWith(`${name}_`));
}

function children(element: DomElement): DomElement[] {
  return element.children.filter(isElement);
}

function find(element: DomElement, test: (e: DomElement) => boolean): DomElement | null {
  for (const child of children(element)) {
    if (test(child)) {
      return child;
    }
    const inner = find(child, test);
    if (inner !== null) {
      return inner;
    }
  }
  return null;
}

function findAll(element: DomElement, test: (e: DomElement) => boolean, into: DomElement[] = []): DomElement[] {
  for (const child of children(element)) {
    if (test(child)) {
      into.push(child);
    } else {
      findAll(child, test, into);
    }
  }
  return into;
}

/**
 * The API reference's schema badges (a property's name, type, "required"...):
 * the page sets them apart with CSS margins, the manual with spaces.
 */
function isWord(element: DomElement): boolean {
  return classes(element).some((c) => c.startsWith('openapi-schema__'));
}

function isHidden(element: DomElement): boolean {
  return hasClass(element, 'hash-link') || element.attribs['aria-hidden'] === 'true' || hasClass(element, 'theme-doc-toc-mobile');
}

/** All the text inside, with <br> as a line break (for code and cells). */
function textOf(node: DomNode): string {
  if (node.type === 'text') {
    return node.data;
  }
  if (!isElement(node) || SKIPPED.has(node.name) || isHidden(node)) {
    return '';
  }
  if (node.name === 'br') {
    return '\n';
  }
  const text = node.children.map(textOf).join('');
  return isWord(node) ? ` ${text} ` : text;
}

function squash(text: string): string {
  return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ');
}

function resolveHref(href: string | undefined, pageUrl: string): string | undefined {
  if (href === undefined || href === '' || /^javascript:/i.test(href)) {
    return undefined;
  }
  try {
    return new URL(href, pageUrl).toString();
  } catch {
    return undefined;
  }
}

const SAMPLE_LINK = /[?&]muestra=([\w-]+)/;

/**
 * Elements that hold a group of tabs: Docusaurus' tabs (and the API theme's
 * request and response media types), the API theme's responses by status code
 * and its schema/example tabs.
 */
const TAB_GROUPS = ['tabs-container', 'openapi-tabs__container', 'openapi-tabs__schema-container'];

class Extractor {
  private readonly options: ExtractOptions;
  /** The name of each tab panel met so far, from its group's tab list. */
  private readonly panelNames = new Map<DomElement, string>();

  constructor(options: ExtractOptions) {
    this.options = options;
  }

  /** The blocks of a sequence of nodes; loose inline content becomes paragraphs. */
  blocks(nodes: readonly DomNode[]): Block[] {
    const out: Block[] = [];
    let runs: Run[] = [];
    const flush = () => {
      const paragraph = tidyRuns(runs);
      if (paragraph.length > 0) {
        out.push({kind: 'paragraph', runs: paragraph});
      }
      runs = [];
    };
    for (const node of nodes) {
      if (isElement(node) && (BLOCK.has(node.name) || isDrawing(node) || this.isSample(node))) {
        flush();
        out.push(...this.block(node));
      } else {
        runs.push(...this.inline(node, {}));
      }
    }
    flush();
    return out;
  }

  private isSample(element: DomElement): boolean {
    return element.name === 'span' && find(element, (e) => e.name === 'a' && SAMPLE_LINK.test(e.attribs.href ?? '')) !== null && find(element, (e) => e.name === 'button') !== null;
  }

  private block(element: DomElement): Block[] {
    if (isDrawing(element) && !isHidden(element)) {
      // A drawing with a name (the site's sequence diagrams): the manual draws it too.
      const titleElement = find(element, (e) => e.name === 'title');
      return [
        {
          kind: 'diagram',
          svg: serialize({...element, attribs: {xmlns: 'http://www.w3.org/2000/svg', ...element.attribs}}),
          title: titleElement === null ? '' : squash(textOf(titleElement)).trim(),
        },
      ];
    }
    if (SKIPPED.has(element.name) || isHidden(element)) {
      return [];
    }
    if (this.isSample(element)) {
      return this.sampleBlocks(element);
    }
    if (element.attribs.role === 'tablist') {
      // The tabs' names head their panels (see tabs()).
      return [];
    }
    if (element.attribs.role === 'tabpanel') {
      return this.panel(element);
    }
    const name = element.name;
    if (/^h[1-6]$/.test(name)) {
      const text = squash(textOf(element)).trim();
      return text === '' ? [] : [{kind: 'heading', level: Number(name[1]), text}];
    }
    switch (name) {
      case 'p':
      case 'figcaption':
      case 'dt':
      case 'summary':
        return this.blocks(element.children).map((b) => (name === 'summary' && b.kind === 'paragraph' ? labelOf(b) : b));
      case 'ul':
      case 'ol':
        return this.list(element);
      case 'pre':
        return this.code(element, null);
      case 'table':
        return this.table(element);
      case 'hr':
        return [{kind: 'rule'}];
      case 'dl':
        return this.definitions(element);
      case 'blockquote':
        return [{kind: 'note', title: '', blocks: this.blocks(element.children)}];
      default:
        return this.container(element);
    }
  }

  /** div and friends: Docusaurus tabs, admonitions and code blocks, or plain containers. */
  private container(element: DomElement): Block[] {
    if (TAB_GROUPS.some((name) => hasClass(element, name))) {
      return this.tabs(element);
    }
    if (hasClass(element, 'theme-admonition')) {
      const heading = find(element, (e) => hasClass(e, 'admonitionHeading'));
      const content = find(element, (e) => hasClass(e, 'admonitionContent'));
      const title = heading === null ? '' : squash(textOf(heading)).trim();
      return [{kind: 'note', title, blocks: this.blocks(content?.children ?? element.children)}];
    }
    if (hasClass(element, 'theme-code-block')) {
      const pre = find(element, (e) => e.name === 'pre');
      const title = find(element, (e) => hasClass(e, 'codeBlockTitle'));
      return pre === null ? [] : this.code(pre, title === null ? null : squash(textOf(title)).trim());
    }
    return this.blocks(element.children);
  }

  /**
   * A group of tabs: every panel that the page holds, under its tab's name,
   * and what else the group holds (the API theme puts the "Responses" heading
   * in it). A group that only renders its selected panel has one panel for
   * several tabs: that panel takes the selected tab's name.
   */
  private tabs(element: DomElement): Block[] {
    const tablist = find(element, (e) => e.attribs.role === 'tablist');
    const tabs = tablist === null ? [] : findAll(tablist, (e) => e.attribs.role === 'tab');
    const labels = tabs.map((tab) => squash(textOf(tab)).trim());
    const selected = tabs.findIndex((tab) => tab.attribs['aria-selected'] === 'true');
    const panels = findAll(element, (e) => e.attribs.role === 'tabpanel');
    panels.forEach((panel, index) => {
      const label = panels.length === labels.length ? labels[index] : panels.length === 1 ? labels[selected] : undefined;
      if (label !== undefined && label !== '') this.panelNames.set(panel, label);
    });
    return this.blocks(element.children);
  }

  private panel(element: DomElement): Block[] {
    const content = this.blocks(element.children);
    const label = this.panelNames.get(element);
    const first = content[0];
    // A panel whose content opens with its own name is not named twice.
    const named = first !== undefined && (first.kind === 'label' || first.kind === 'heading') && first.text === label;
    return label === undefined || content.length === 0 || named ? content : [{kind: 'label', text: label}, ...content];
  }

  /** A list; the API theme's schema lists hold each property in a div rather than an li. */
  private list(element: DomElement): Block[] {
    const items = children(element)
      .filter((child) => child.name === 'li' || hasClass(child, 'openapi-schema__list-item'))
      .map((li) => this.blocks(li.children))
      .filter((blocks) => blocks.length > 0);
    return items.length === 0 ? [] : [{kind: 'list', ordered: element.name === 'ol', items}];
  }

  private code(pre: DomElement, title: string | null): Block[] {
    const text = textOf(pre)
      .replace(/\u200b/g, '')
      .replace(/\n+$/, '');
    if (text.trim() === '') {
      return [];
    }
    return [title === null || title === '' ? {kind: 'code', text} : {kind: 'code', text, title}];
  }

  /**
   * A list of names and values (the worked examples of the security values):
   * a two-column table, as the portal lays it out, name beside value.
   */
  private definitions(element: DomElement): Block[] {
    const rows: Cell[][] = [];
    for (const item of findAll(element, (e) => e.name === 'dt' || e.name === 'dd')) {
      if (item.name === 'dt') rows.push([cellOf(item)]);
      else if (rows.length > 0 && rows[rows.length - 1]!.length === 1) rows[rows.length - 1]!.push(cellOf(item));
      else rows.push([{text: '', code: false}, cellOf(item)]);
    }
    return rows.length === 0 ? [] : [{kind: 'table', header: [], rows: rows.map((row) => (row.length === 2 ? row : [...row, {text: '', code: false}]))}];
  }

  private table(element: DomElement): Block[] {
    // A grid: a cell spanning rows leaves the cells below it empty, one
    // spanning columns the cells beside it, so every row has every column.
    const grid: {cell: Cell; header: boolean}[][] = [];
    const pending = new Map<number, number>();
    for (const tr of findAll(element, (e) => e.name === 'tr')) {
      const row: {cell: Cell; header: boolean}[] = [];
      const place = () => {
        while ((pending.get(row.length) ?? 0) > 0) {
          pending.set(row.length, pending.get(row.length)! - 1);
          row.push({cell: {text: '', code: false}, header: false});
        }
      };
      for (const td of children(tr).filter((c) => c.name === 'td' || c.name === 'th')) {
        place();
        const rowspan = Math.max(1, Number(td.attribs.rowspan ?? '1') || 1);
        const colspan = Math.max(1, Number(td.attribs.colspan ?? '1') || 1);
        if (rowspan > 1) pending.set(row.length, rowspan - 1);
        row.push({cell: cellOf(td), header: td.name === 'th'});
        for (let i = 1; i < colspan; i++) row.push({cell: {text: '', code: false}, header: td.name === 'th'});
      }
      place();
      grid.push(row);
    }
    const first = grid[0];
    if (first === undefined) {
      return [];
    }
    const hasHeader = first.length > 0 && first.every((c) => c.header);
    const header = hasHeader ? first.map((c) => c.cell) : [];
    const body = (hasHeader ? grid.slice(1) : grid).map((row) => row.map((c) => c.cell));
    // Samples offered inside the table (a button per row) follow it, in full.
    const samples = findAll(element, (e) => this.isSample(e)).flatMap((sample) => this.sampleBlocks(sample));
    return [{kind: 'table', header, rows: body}, ...samples];
  }

  /** A sample button of the portal: its label, then the code it would show. */
  private sampleBlocks(element: DomElement): Block[] {
    const link = find(element, (e) => e.name === 'a' && SAMPLE_LINK.test(e.attribs.href ?? ''))!;
    const button = find(element, (e) => e.name === 'button');
    const key = SAMPLE_LINK.exec(link.attribs.href ?? '')![1]!;
    const label = squash(button === null ? key : button.children.map(textOf).join('')).trim();
    const code = this.options.sample?.(key, label) ?? null;
    const href = resolveHref(link.attribs.href, this.options.pageUrl);
    const heading: Block = {kind: 'paragraph', runs: [{text: label, bold: true, ...(href === undefined ? {} : {href})}]};
    return code === null ? [heading] : [heading, {kind: 'code', text: code}];
  }

  private inline(node: DomNode, style: Omit<Run, 'text'>): Run[] {
    if (node.type === 'text') {
      const text = squash(node.data);
      return text === '' ? [] : [{...style, text}];
    }
    if (!isElement(node) || SKIPPED.has(node.name) || isHidden(node)) {
      return [];
    }
    switch (node.name) {
      case 'br':
        return [{...style, text: '\n'}];
      case 'strong':
      case 'b':
        return node.children.flatMap((c) => this.inline(c, {...style, bold: true}));
      case 'em':
      case 'i':
        return node.children.flatMap((c) => this.inline(c, {...style, italic: true}));
      case 'code':
      case 'kbd':
        return [{...style, code: true, text: squash(textOf(node))}];
      case 'a': {
        const href = resolveHref(node.attribs.href, this.options.pageUrl);
        return node.children.flatMap((c) => this.inline(c, href === undefined ? style : {...style, href}));
      }
      case 'img': {
        const alt = (node.attribs.alt ?? '').trim();
        return alt === '' ? [] : [{...style, text: `[${alt}]`}];
      }
      default: {
        const runs = node.children.flatMap((c) => this.inline(c, style));
        if (!isWord(node)) return runs;
        // A badge is a word of its own: a space before it, none for an empty one.
        return runs.every((run) => run.text.trim() === '') ? [] : [{...style, text: ' '}, ...runs];
      }
    }
  }
}

function labelOf(block: Block): Block {
  return block.kind === 'paragraph'
    ? {
        kind: 'label',
        text: block.runs
          .map((r) => r.text)
          .join('')
          .trim(),
      }
    : block;
}

/** Merges neighbouring runs of one style and trims the paragraph's ends. */
function tidyRuns(runs: readonly Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    const same = last !== undefined && last.bold === run.bold && last.italic === run.italic && last.code === run.code && last.href === run.href;
    if (same) {
      merged[merged.length - 1] = {...last, text: last.text + run.text};
    } else {
      merged.push(run);
    }
  }
  // No space at the start or end of a paragraph, nor at the start of a line.
  const out = merged.map((run) => ({...run, text: run.text.replace(/\n /g, '\n')}));
  while (out.length > 0 && out[0]!.text.trim() === '') out.shift();
  while (out.length > 0 && out[out.length - 1]!.text.trim() === '') out.pop();
  if (out.length > 0) {
    out[0] = {...out[0]!, text: out[0]!.text.replace(/^\s+/, '')};
    const end = out.length - 1;
    out[end] = {...out[end]!, text: out[end]!.text.replace(/\s+$/, '')};
  }
  return out;
}

/**
 * The page as React leaves it once its script has run: content that finished
 * after its Suspense fallback was sent (the sequence diagrams' lazy drawing)
 * waits in <div hidden id="S:n"> and replaces the fallback between
 * <template id="B:n"> and the boundary's closing <!--/$-->. The manual reads
 * what the reader sees, the diagram, not the fallback.
 */
function completeSuspense(document: DomElement): DomElement {
  const completed = new Map<string, readonly DomNode[]>();
  for (const segment of findAll(document, (e) => e.name === 'div' && /^S:\d+$/.test(e.attribs.id ?? '') && 'hidden' in e.attribs)) {
    completed.set(segment.attribs.id!.slice(2), segment.children);
  }
  if (completed.size === 0) return document;
  const rebuild = (element: DomElement): DomElement => {
    const out: DomNode[] = [];
    let skipping = false;
    for (const child of element.children) {
      if (skipping) {
        if (child.type === 'comment' && child.data === '/$') skipping = false;
        continue;
      }
      if (isElement(child)) {
        const boundary = child.name === 'template' ? /^B:(\d+)$/.exec(child.attribs.id ?? '') : null;
        const content = boundary === null ? undefined : completed.get(boundary[1]!);
        if (content !== undefined) {
          out.push(...content.map((node) => (isElement(node) ? rebuild(node) : node)));
          skipping = true;
        } else if (!(child.name === 'div' && /^S:\d+$/.test(child.attribs.id ?? ''))) {
          out.push(rebuild(child));
        }
      } else {
        out.push(child);
      }
    }
    return {...element, children: out};
  };
  return rebuild(document);
}

/** The element that holds a doc page's content: the Markdown container inside <article>. */
export function articleOf(html: string): DomElement | null {
  const document = completeSuspense(toDom(parse(html)) as DomElement);
  const article = find(document, (e) => e.name === 'article');
  if (article === null) {
    return null;
  }
  return find(article, (e) => hasClass(e, 'theme-doc-markdown') || hasClass(e, 'theme-api-markdown') || hasClass(e, 'markdown')) ?? article;
}

/** The PDF blocks of one built page. */
export function htmlToBlocks(html: string, options: ExtractOptions): Block[] {
  const article = articleOf(html);
  return article === null ? [] : new Extractor(options).blocks(article.children);
}
