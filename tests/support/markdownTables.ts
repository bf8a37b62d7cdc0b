/** Reads the variable tables that writers keep in Markdown, for consistency tests. */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

export const ROOT = join(__dirname, '../..');

export function docPath(locale: 'es' | 'en', relative: string): string {
  return locale === 'es' ? join(ROOT, 'docs', relative) : join(ROOT, 'i18n/en/docusaurus-plugin-content-docs/current', relative);
}

export function readDoc(locale: 'es' | 'en', relative: string): string {
  return readFileSync(docPath(locale, relative), 'utf8');
}

/** Rows (cells split on "|") of every Markdown table in `text`, header and separator excluded. */
export function tableRows(text: string): string[][] {
  const rows: string[][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    if (line.startsWith('|') && /^\|[\s:|-]+\|$/.test(next)) {
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        rows.push(
          lines[i]!.trim()
            .slice(1, -1)
            .split('|')
            .map((c) => c.trim()),
        );
        i++;
      }
    }
  }
  return rows;
}

/** The contents of every <VariableTable> block. */
export function variableTableBlocks(text: string): string[] {
  return [...text.matchAll(/<VariableTable>([\s\S]*?)<\/VariableTable>/g)].map((m) => m[1]!);
}

/**
 * Variable names of a first cell: `name`, a range "`campoExtra1` a `campoExtra9`"
 * (or "to"), or <ProductVar prefix="firma" /> for firma{product}.
 */
export function namesInCell(cell: string): string[] {
  const product = /<ProductVar prefix="(\w+)"\s*\/>/.exec(cell);
  if (product) {
    return [`${product[1]}{product}`];
  }
  const names = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const range = /^(\D+)(\d+)$/;
  if (names.length === 2 && / (a|to) /.test(cell)) {
    const [from, to] = names.map((n) => range.exec(n));
    if (from && to && from[1] === to[1]) {
      const out: string[] = [];
      for (let n = Number(from[2]); n <= Number(to[2]); n++) {
        out.push(`${from[1]}${n}`);
      }
      return out;
    }
  }
  return names;
}

/** Every variable documented in the <VariableTable> blocks of a doc. */
export function documentedVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const block of variableTableBlocks(text)) {
    for (const row of tableRows(block)) {
      namesInCell(row[0] ?? '').forEach((n) => names.add(n));
    }
  }
  return names;
}

/** Rows of the variable tables with their three cells: name, type, description. */
export function variableRows(text: string): string[][] {
  return variableTableBlocks(text).flatMap((block) => tableRows(block));
}
