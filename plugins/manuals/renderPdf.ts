/**
 * Lays out the manual with PDFKit: a cover, a linked table of contents, one
 * chapter per channel with its pages, bookmarks, links back to the portal and
 * numbered pages. Standard PDF fonts (Helvetica, Courier) cover Spanish; no
 * font file is embedded.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type {Block, Cell, Run} from './htmlToBlocks';

export interface ManualPage {
  readonly title: string;
  /** Absolute address of the page on the portal. */
  readonly url: string;
  readonly blocks: readonly Block[];
}

export interface ManualChapter {
  readonly title: string;
  readonly pages: readonly ManualPage[];
}

/** The manual's own words, translated like the rest of the site. */
export interface ManualTexts {
  /** "Manual de integración". */
  readonly title: string;
  /** Cover line under the title. */
  readonly subtitle: string;
  readonly contents: string;
  /** Followed by the portal's address. */
  readonly onlineVersion: string;
  /** Contains {date}. */
  readonly generated: string;
  /** Contains {page} and {pages}. */
  readonly pageNumber: string;
}

export interface ManualInput {
  readonly lang: string;
  /** "Integraciones Pasarela". */
  readonly siteTitle: string;
  readonly siteUrl: string;
  readonly texts: ManualTexts;
  readonly chapters: readonly ManualChapter[];
  readonly date: Date;
}

export interface RenderedManual {
  readonly pdf: Buffer;
  readonly pages: number;
}

const COLOR = {text: '#1f2933', muted: '#616e7c', link: '#1d4ed8', accent: '#0b5cad', code: '#f3f4f6', rule: '#cbd2d9', header: '#e4ecf7', note: '#f8fafc'};
const FONT = {regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique', mono: 'Courier'};
const SIZE = {body: 10, small: 8.5, code: 8, table: 8.5};
const HEADING_SIZE = [0, 18, 14, 12, 11, 10.5, 10.5];
const MARGIN = {top: 64, bottom: 64, left: 56, right: 56};

// Standard fonts use WinAnsi (cp1252): Latin-1 plus a few typographic signs.
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACEMENTS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '…': '...',
  '\u00a0': ' ',
  '\t': '    ',
};

/** The text with every character the standard fonts cannot draw replaced. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/[\u200b-\u200d\ufeff\u00ad]/g, '')) {
    const code = char.codePointAt(0)!;
    if (REPLACEMENTS[char] !== undefined) {
      out += REPLACEMENTS[char];
    } else if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.includes(char)) {
      out += char;
    } else {
      out += char
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\x20-\x7e]/g, '?');
    }
  }
  return out;
}

function fontOf(run: Run): string {
  if (run.code) return FONT.mono;
  if (run.bold && run.italic) return FONT.boldItalic;
  if (run.bold) return FONT.bold;
  if (run.italic) return FONT.italic;
  return FONT.regular;
}

class Layout {
  readonly doc: PDFKit.PDFDocument;
  private readonly input: ManualInput;

  constructor(doc: PDFKit.PDFDocument, input: ManualInput) {
    this.doc = doc;
    this.input = input;
  }

  get left(): number {
    return MARGIN.left;
  }

  get width(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** A new page unless `height` still fits on this one. */
  need(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
    }
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  heading(level: number, text: string): void {
    const size = HEADING_SIZE[Math.min(level, 6)] ?? SIZE.body;
    this.gap(level <= 2 ? 10 : 6);
    // Keep a heading with at least a few lines of what follows.
    this.need(size * 1.4 + 40);
    this.doc
      .font(FONT.bold)
      .fontSize(size)
      .fillColor(level <= 2 ? COLOR.accent : COLOR.text);
    this.doc.text(toWinAnsi(text), this.left, this.doc.y, {width: this.width});
    this.gap(4);
  }

  paragraph(runs: readonly Run[], indent: number): void {
    const visible = runs.filter((r) => r.text !== '');
    if (visible.length === 0) return;
    this.need(SIZE.body * 2);
    this.doc.x = this.left + indent;
    visible.forEach((run, index) => {
      const last = index === visible.length - 1;
      this.doc
        .font(fontOf(run))
        .fontSize(run.code ? SIZE.body - 0.5 : SIZE.body)
        .fillColor(run.href !== undefined ? COLOR.link : COLOR.text);
      this.doc.text(toWinAnsi(run.text), {
        width: this.width - indent,
        continued: !last,
        link: run.href ?? null,
        underline: run.href !== undefined,
        lineGap: 1.5,
      });
    });
    this.doc.x = this.left;
    this.gap(5);
  }

  label(text: string, indent: number): void {
    this.gap(4);
    this.need(40);
    this.doc
      .font(FONT.bold)
      .fontSize(SIZE.body + 0.5)
      .fillColor(COLOR.accent);
    this.doc.text(toWinAnsi(`» ${text}`), this.left + indent, this.doc.y, {width: this.width - indent});
    this.gap(3);
  }

  code(text: string, title: string | undefined, indent: number): void {
    const pad = 6;
    const lineHeight = SIZE.code * 1.25;
    const x = this.left + indent;
    const width = this.width - indent;
    const perLine = Math.max(20, Math.floor((width - 2 * pad) / (SIZE.code * 0.6)));
    // Courier is monospaced: wrap long lines by characters.
    const lines = toWinAnsi(text)
      .split('\n')
      .flatMap((line) => {
        if (line.length <= perLine) return [line];
        const parts: string[] = [];
        for (let i = 0; i < line.length; i += perLine) parts.push(line.slice(i, i + perLine));
        return parts;
      });
    if (title !== undefined) {
      this.need(lineHeight * 3);
      this.doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.muted).text(toWinAnsi(title), x, this.doc.y, {width});
      this.gap(2);
    }
    let next = 0;
    while (next < lines.length) {
      let room = Math.floor((this.bottom - this.doc.y - 2 * pad) / lineHeight);
      if (room < 3) {
        this.doc.addPage();
        room = Math.floor((this.bottom - this.doc.y - 2 * pad) / lineHeight);
      }
      const chunk = lines.slice(next, next + room);
      const top = this.doc.y;
      const height = chunk.length * lineHeight + 2 * pad;
      this.doc.save().rect(x, top, width, height).fill(COLOR.code).restore();
      this.doc.font(FONT.mono).fontSize(SIZE.code).fillColor(COLOR.text);
      chunk.forEach((line, i) => {
        this.doc.text(line, x + pad, top + pad + i * lineHeight, {lineBreak: false});
      });
      this.doc.x = this.left;
      this.doc.y = top + height;
      next += chunk.length;
    }
    this.gap(8);
  }

  table(header: readonly Cell[], rows: readonly (readonly Cell[])[], indent: number): void {
    const columns = Math.max(header.length, ...rows.map((r) => r.length));
    if (columns === 0) return;
    const x0 = this.left + indent;
    const width = this.width - indent;
    const fractions = columnFractions(header, rows, columns);
    const widths = fractions.map((f) => f * width);
    const pad = 4;
    const drawRow = (cells: readonly Cell[], bold: boolean) => {
      const heights = widths.map((w, i) => {
        const cell = cells[i];
        if (cell === undefined || cell.text === '') return SIZE.table;
        this.doc.font(bold ? FONT.bold : cell.code ? FONT.mono : FONT.regular).fontSize(SIZE.table);
        return this.doc.heightOfString(toWinAnsi(cell.text), {width: w - 2 * pad});
      });
      const height = Math.max(...heights) + 2 * pad;
      return {
        height,
        draw: (top: number) => {
          if (bold) this.doc.save().rect(x0, top, width, height).fill(COLOR.header).restore();
          let x = x0;
          widths.forEach((w, i) => {
            const cell = cells[i];
            if (cell !== undefined && cell.text !== '') {
              this.doc
                .font(bold ? FONT.bold : cell.code ? FONT.mono : FONT.regular)
                .fontSize(SIZE.table)
                .fillColor(COLOR.text);
              this.doc.text(toWinAnsi(cell.text), x + pad, top + pad, {width: w - 2 * pad});
            }
            x += w;
          });
          this.doc.save().lineWidth(0.5).strokeColor(COLOR.rule).rect(x0, top, width, height).stroke();
          let edge = x0;
          widths.slice(0, -1).forEach((w) => {
            edge += w;
            this.doc
              .moveTo(edge, top)
              .lineTo(edge, top + height)
              .stroke();
          });
          this.doc.restore();
        },
      };
    };
    const head = header.length > 0 ? drawRow(header, true) : null;
    const start = () => {
      if (head !== null) {
        const top = this.doc.y;
        head.draw(top);
        this.doc.y = top + head.height;
      }
    };
    this.need((head?.height ?? 0) + 30);
    start();
    for (const row of rows) {
      const line = drawRow(row, false);
      if (this.doc.y + line.height > this.bottom) {
        this.doc.addPage();
        start();
      }
      const top = this.doc.y;
      line.draw(top);
      this.doc.y = top + line.height;
    }
    this.doc.x = this.left;
    this.gap(10);
  }

  note(title: string, blocks: readonly Block[], indent: number): void {
    this.gap(2);
    if (title !== '') {
      this.need(40);
      this.doc.font(FONT.bold).fontSize(SIZE.body).fillColor(COLOR.accent);
      this.doc.text(toWinAnsi(title.toUpperCase()), this.left + indent + 10, this.doc.y, {width: this.width - indent - 10});
      this.gap(2);
    }
    const top = this.doc.y;
    const page = this.doc.page;
    this.blocks(blocks, indent + 10);
    // A bar beside the note, when it stayed on one page.
    if (this.doc.page === page) {
      this.doc
        .save()
        .lineWidth(2)
        .strokeColor(COLOR.rule)
        .moveTo(this.left + indent + 3, top - (title === '' ? 0 : 14))
        .lineTo(this.left + indent + 3, this.doc.y - 6)
        .stroke()
        .restore();
    }
  }

  list(ordered: boolean, items: readonly (readonly Block[])[], indent: number): void {
    items.forEach((item, index) => {
      this.need(SIZE.body * 2);
      const marker = ordered ? `${index + 1}.` : '•';
      const top = this.doc.y;
      this.doc
        .font(FONT.regular)
        .fontSize(SIZE.body)
        .fillColor(COLOR.text)
        .text(marker, this.left + indent, top, {width: 14, lineBreak: false});
      this.doc.y = top;
      this.blocks(item, indent + 16);
      this.gap(-3);
    });
    this.gap(5);
  }

  blocks(blocks: readonly Block[], indent = 0): void {
    for (const block of blocks) {
      switch (block.kind) {
        case 'heading':
          this.heading(block.level, block.text);
          break;
        case 'paragraph':
          this.paragraph(block.runs, indent);
          break;
        case 'label':
          this.label(block.text, indent);
          break;
        case 'code':
          this.code(block.text, block.title, indent);
          break;
        case 'table':
          this.table(block.header, block.rows, indent);
          break;
        case 'note':
          this.note(block.title, block.blocks, indent);
          break;
        case 'list':
          this.list(block.ordered, block.items, indent);
          break;
        case 'diagram':
          this.diagram(block.svg, block.title, indent);
          break;
        case 'rule':
          this.need(12);
          this.doc
            .save()
            .lineWidth(0.5)
            .strokeColor(COLOR.rule)
            .moveTo(this.left + indent, this.doc.y + 4)
            .lineTo(this.left + this.width, this.doc.y + 4)
            .stroke()
            .restore();
          this.gap(12);
          break;
      }
    }
  }

  /**
   * A drawing of the page, from the SVG the site shows (its print colours are
   * the SVG's own attributes): as wide as the text column at most, never
   * enlarged, and on a new page when it does not fit on this one.
   */
  diagram(svg: string, title: string, indent: number): void {
    const size = /viewBox="\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)\s*"/.exec(svg);
    if (size === null) {
      throw new Error(`[manuals] a diagram without a viewBox cannot be laid out: ${title}`);
    }
    const [naturalWidth, naturalHeight] = [Number(size[1]), Number(size[2])];
    const available = this.width - indent;
    // SVG pixels at 0.75 pt, as a browser prints them; a wide diagram shrinks to the column.
    const scale = Math.min(0.75, available / naturalWidth, (this.bottom - MARGIN.top) / naturalHeight);
    const [width, height] = [naturalWidth * scale, naturalHeight * scale];
    this.need(height + 8);
    const top = this.doc.y;
    SVGtoPDF(this.doc, svg, this.left + indent, top, {
      width,
      height,
      assumePt: false,
      preserveAspectRatio: 'xMinYMin meet',
      fontCallback: (family: string, bold: boolean) => (bold ? FONT.bold : FONT.regular),
    });
    this.doc.y = top + height;
    this.gap(8);
  }

  /** A line of muted text with a link, used under page titles. */
  link(prefix: string, url: string): void {
    this.doc
      .font(FONT.regular)
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(toWinAnsi(`${prefix} `), this.left, this.doc.y, {continued: true, width: this.width});
    this.doc.fillColor(COLOR.link).text(toWinAnsi(url), {link: url, underline: true});
    this.gap(6);
  }

  cover(): void {
    const {texts, siteTitle, siteUrl, date} = this.input;
    this.doc.y = 220;
    this.doc.font(FONT.bold).fontSize(28).fillColor(COLOR.accent).text(toWinAnsi(siteTitle), this.left, this.doc.y, {width: this.width});
    this.gap(8);
    this.doc.font(FONT.bold).fontSize(18).fillColor(COLOR.text).text(toWinAnsi(texts.title), {width: this.width});
    this.gap(12);
    this.doc.font(FONT.regular).fontSize(11).fillColor(COLOR.muted).text(toWinAnsi(texts.subtitle), {width: this.width});
    this.gap(40);
    this.link(texts.onlineVersion, siteUrl);
    this.doc
      .font(FONT.regular)
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(toWinAnsi(texts.generated.replace('{date}', date.toISOString().slice(0, 10))), this.left, this.doc.y, {width: this.width});
  }

  contents(): void {
    this.heading(1, this.input.texts.contents);
    this.input.chapters.forEach((chapter, c) => {
      this.need(40);
      this.doc
        .font(FONT.bold)
        .fontSize(11)
        .fillColor(COLOR.link)
        .text(toWinAnsi(`${c + 1}. ${chapter.title}`), this.left, this.doc.y, {width: this.width, goTo: `cap-${c}`});
      this.gap(2);
      chapter.pages.forEach((page, p) => {
        this.doc
          .font(FONT.regular)
          .fontSize(SIZE.body)
          .fillColor(COLOR.link)
          .text(toWinAnsi(page.title), this.left + 16, this.doc.y, {width: this.width - 16, goTo: `cap-${c}-${p}`});
      });
      this.gap(6);
    });
  }

  chapters(): void {
    const {chapters, texts} = this.input;
    chapters.forEach((chapter, c) => {
      this.doc.addPage();
      this.doc.addNamedDestination(`cap-${c}`);
      const bookmark = this.doc.outline.addItem(toWinAnsi(`${c + 1}. ${chapter.title}`), {expanded: true});
      this.doc
        .font(FONT.bold)
        .fontSize(24)
        .fillColor(COLOR.accent)
        .text(toWinAnsi(`${c + 1}. ${chapter.title}`), this.left, this.doc.y, {width: this.width});
      this.gap(6);
      chapter.pages.forEach((page, p) => {
        if (p > 0) {
          this.need(160);
          this.gap(14);
        }
        this.doc.addNamedDestination(`cap-${c}-${p}`, 'XYZ', this.left, this.doc.page.height - this.doc.y + 10, null as unknown as number);
        bookmark.addItem(toWinAnsi(page.title));
        const [first, ...rest] = page.blocks;
        // The page's own H1 is its title; the online address goes under it.
        if (first?.kind === 'heading' && first.level === 1) {
          this.heading(2, first.text);
        } else {
          this.heading(2, page.title);
        }
        this.link(texts.onlineVersion, page.url);
        this.blocks(first?.kind === 'heading' && first.level === 1 ? rest : page.blocks);
      });
    });
  }

  /** "Integraciones Pasarela · Manual de integración" and "Página n de N" on every page but the cover. */
  footers(): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start + 1; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const y = this.doc.page.height - MARGIN.bottom + 24;
      // Writing below the bottom margin would add a page: lift it while writing.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
      this.doc.text(toWinAnsi(`${this.input.siteTitle} · ${this.input.texts.title}`), this.left, y, {width: this.width, lineBreak: false});
      const number = toWinAnsi(this.input.texts.pageNumber.replace('{page}', String(i + 1)).replace('{pages}', String(range.count)));
      this.doc.text(number, this.left, y, {width: this.width, align: 'right', lineBreak: false});
      this.doc.page.margins.bottom = bottom;
    }
  }
}

/** Column widths: 30/15/55 for three-column tables, as the site's variable tables (src/components/VariableTable), else by content. */
export function columnFractions(header: readonly Cell[], rows: readonly (readonly Cell[])[], columns: number): number[] {
  if (columns === 3) {
    return [0.3, 0.15, 0.55];
  }
  const weights = Array.from({length: columns}, (_, i) => {
    const lengths = [header[i], ...rows.map((r) => r[i])].map((c) => c?.text.length ?? 0);
    const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
    return Math.min(60, Math.max(8, average));
  });
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

export function renderManualPdf(input: ManualInput): Promise<RenderedManual> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    lang: input.lang,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: toWinAnsi(`${input.siteTitle} - ${input.texts.title}`),
      Author: toWinAnsi(input.siteTitle),
      Subject: toWinAnsi(input.texts.subtitle),
      CreationDate: input.date,
      ModDate: input.date,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new Layout(doc, input);
  layout.cover();
  doc.addPage();
  layout.contents();
  layout.chapters();
  layout.footers();
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return done.then((pdf) => ({pdf, pages}));
}
