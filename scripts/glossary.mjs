#!/usr/bin/env node
// `npm run lint:glossary`: holds the English texts to the glossary (i18n/glossary.yaml, which says
// what is checked and how to add a term). Prints `file:line:column`, the wrong term and the approved
// one for each finding, and exits 1 if there is any.
//
//   node scripts/glossary.mjs               every English page, interface string and contract text
//   node scripts/glossary.mjs FILE...       only these files, read as English (.md/.mdx a page,
//                                           .json interface strings, .yaml a contract overlay)
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const GLOSSARY_FILE = join(ROOT, 'i18n/glossary.yaml');

/** @typedef {{es: string, en: string, avoid?: string[], allow?: string[], note?: string}} Term */
/** @typedef {{file: string, line: number, column: number, found: string, term: Term, spanish: boolean}} Finding */
/** @typedef {'page' | 'messages' | 'contract'} Kind */

/** @returns {Term[]} the glossary, after checking its shape (a broken entry throws, naming it). */
export function loadGlossary(path = GLOSSARY_FILE) {
  const terms = parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(terms)) throw new Error(`${path}: expected a list of terms`);
  const approved = new Set(terms.map((term) => String(term?.en).toLowerCase()));
  const seen = new Set();
  for (const [index, term] of terms.entries()) {
    const where = `${path}, entry ${index + 1} (${term?.es ?? '?'})`;
    if (typeof term?.es !== 'string' || !term.es || typeof term.en !== 'string' || !term.en) throw new Error(`${where}: needs \`es\` and \`en\``);
    for (const key of Object.keys(term)) if (!['es', 'en', 'avoid', 'allow', 'note'].includes(key)) throw new Error(`${where}: unknown key \`${key}\``);
    for (const key of ['avoid', 'allow']) {
      if (term[key] !== undefined && !(Array.isArray(term[key]) && term[key].every((word) => typeof word === 'string' && word))) {
        throw new Error(`${where}: \`${key}\` is a list of words`);
      }
    }
    if (seen.has(term.es.toLowerCase())) throw new Error(`${where}: \`${term.es}\` is already in the glossary`);
    seen.add(term.es.toLowerCase());
    for (const word of term.avoid ?? []) {
      if (approved.has(word.toLowerCase())) throw new Error(`${where}: avoids "${word}", the approved term of another entry`);
    }
  }
  return terms;
}

// A term is a whole word: not part of a longer word, a hyphenated word (`e-commerce`), a path or an address.
const BEFORE = String.raw`(?<![\p{L}\p{N}_\-/@])`;
const AFTER = String.raw`(?![\p{L}\p{N}_\-@])`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (phrase) =>
  phrase
    .trim()
    .split(/\s+/)
    .map(escape)
    .join(String.raw`\s+`);

/** An English term or phrase, also in the plural (`-s`, `-es`, `'s` on its last word). */
const englishPattern = (phrase) => new RegExp(`${BEFORE}${words(phrase)}(?:s|es|['’]s)?${AFTER}`, 'giu');

/** A Spanish term, also in the plural of its first word (`medios de pago`, `transacciones`). */
function spanishPattern(phrase) {
  const [first = '', ...rest] = phrase.trim().split(/\s+/);
  const plural = /[aeiouáéíóú]$/i.test(first) ? `${first}s` : `${first.replace(/ó(n)$/i, 'o$1').replace(/á(n)$/i, 'a$1')}es`;
  const firsts = [first, plural].map(escape).join('|');
  const tail = rest.length ? String.raw`\s+` + words(rest.join(' ')) : '';
  return new RegExp(`${BEFORE}(?:${firsts})${tail}${AFTER}`, 'giu');
}

/** Blanks the matched text, keeping line breaks, so that what is left keeps its lines and columns. */
const blank = (text) => text.replace(/[^\n]/g, ' ');
function mask(text, pattern, keep) {
  return text.replace(pattern, (...args) => {
    const match = args[0];
    if (!keep) return blank(match);
    // Keeps the parts `keep` finds in the match, blanks the rest.
    let out = '';
    let last = 0;
    for (const part of match.matchAll(keep)) {
      const start = part.index + part[0].length - (part[1] ?? part[0]).length;
      out += blank(match.slice(last, start)) + match.slice(start, start + (part[1] ?? part[0]).length);
      last = start + (part[1] ?? part[0]).length;
    }
    return out + blank(match.slice(last));
  });
}

/**
 * The text of an English page that a reader sees as prose, at the same lines and columns: code and markup blanked.
 * With `diagrams`, the messages of sequence diagrams are kept (their syntax blanked); they name fields bare.
 */
export function pageProse(text, {diagrams = true} = {}) {
  let out = text;
  // Front matter: only the title, description and sidebar label are prose.
  out = out.replace(/^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/, (front) =>
    front.replace(/^.*$/gm, (line) => {
      const field = /^(title|description|sidebar_label):(.*)$/.exec(line);
      return field ? blank(`${field[1]}:`) + field[2] : blank(line);
    }),
  );
  // Code blocks, except sequence diagrams, whose messages are prose: their syntax is blanked.
  out = out.replace(/^([ \t]*)(`{3,}|~{3,})(.*)\n([\s\S]*?)^[ \t]*\2[ \t]*$/gm, (block, _indent, _fence, info, body) => {
    if (!diagrams || !/^mermaid\b/.test(info.trim())) return blank(block);
    const lines = block.split('\n');
    const inner = body
      .replace(/^[ \t]*(?:sequenceDiagram|autonumber|alt|else|end|loop|opt)\b/gm, blank)
      .replace(/^[ \t]*participant \w+ as/gm, blank)
      .replace(/^[ \t]*Note (?:over|left of|right of) [\w, ]+:/gm, blank)
      .replace(/^[ \t]*\w+-{1,2}>>\+?\w+:/gm, blank)
      .replace(/<br\s*\/?>/g, blank);
    return [blank(lines[0] ?? ''), inner.replace(/\n$/, ''), blank(lines[lines.length - 1] ?? '')].join('\n');
  });
  out = mask(out, /(?<!`)(?!(?<=^[ \t]*)`{3})(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/gm);
  out = mask(out, /<(code|pre)\b[^>]*>[\s\S]*?<\/\1>/g);
  out = mask(out, /\{\/\*[\s\S]*?\*\/\}/g);
  out = mask(out, /^[ \t]*\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}/gm);
  out = mask(out, /\{[^{}\n]*\}/g);
  out = mask(out, /^(?:import|export)\s.*$/gm);
  // Tags: only the values of the attributes a reader sees.
  out = mask(out, /<\/?[A-Za-z][^<>]*>/g, /\b(?:label|title|alt)="([^"]*)"/g);
  out = mask(out, /\]\([^)\s]*\)/g);
  out = mask(out, /\bhttps?:\/\/\S+/g);
  out = mask(out, /^[ \t]*:::\w*/gm);
  return out;
}

/** Keeps only the `message` texts of a translation file (its ids and descriptions are not shown). */
export function messageProse(text) {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/("message":\s*")((?:[^"\\\n]|\\.)*)"/g)) {
    const start = match.index + match[1].length;
    out += blank(text.slice(last, start)) + match[2].replace(/\{[^{}]*\}/g, blank);
    last = start + match[2].length;
  }
  return out + blank(text.slice(last));
}

/** Keeps only the texts an English overlay gives the contract: titles, summaries, descriptions, tab names, enum meanings. */
export function contractProse(text) {
  const texts =
    /^([ \t]*)(?:title|summary|description|x-label):(?:[ \t]*[|>][-+]?[ \t]*\n(?:\1[ \t]+.*\n|[ \t]*\n)*|[ \t]+.*(?:\n\1[ \t]+.*)*)|^([ \t]*)x-enumDescriptions:[ \t]*\n(?:\2[ \t]+.*\n)*/gm;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(texts)) {
    out += blank(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  out += blank(text.slice(last));
  out = mask(out, /^[ \t]*(?:- )?(?:'[^'\n]*'|"[^"\n]*"|[\w$.\-/#{}]+):(?=\s)/gm);
  return mask(out, /(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g);
}

/** @returns {Kind | undefined} */
export function kindOf(file) {
  if (/\.mdx?$/.test(file)) return 'page';
  if (file.endsWith('.json')) return 'messages';
  if (/\.ya?ml$/.test(file)) return 'contract';
  return undefined;
}

/**
 * The glossary's findings in one English text.
 * @param {string} file the name to report
 * @param {string} text its content
 * @param {Kind} kind
 * @param {Term[]} terms
 * @returns {Finding[]}
 */
export function checkText(file, text, kind, terms) {
  const prose = kind === 'page' ? pageProse(text) : kind === 'messages' ? messageProse(text) : contractProse(text);
  // Pages can put a field named like a term in backticks; diagrams, strings and contract titles name fields bare.
  const spanishProse = kind === 'page' ? pageProse(text, {diagrams: false}) : undefined;
  const lineStarts = [0];
  for (const match of prose.matchAll(/\n/g)) lineStarts.push(match.index + 1);
  const position = (index) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > index) line -= 1;
    return {line: line + 1, column: index - lineStarts[line] + 1};
  };
  /** @type {Finding[]} */
  const findings = [];
  for (const term of terms) {
    let own = prose;
    for (const phrase of term.allow ?? []) own = mask(own, englishPattern(phrase));
    for (const word of term.avoid ?? []) {
      for (const match of own.matchAll(englishPattern(word))) findings.push({file, ...position(match.index), found: match[0].replace(/\s+/g, ' '), term, spanish: false});
    }
    if (spanishProse !== undefined && term.es.toLowerCase() !== term.en.toLowerCase()) {
      for (const match of spanishProse.matchAll(spanishPattern(term.es))) {
        findings.push({file, ...position(match.index), found: match[0].replace(/\s+/g, ' '), term, spanish: true});
      }
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** @param {Finding} finding */
export function describe(finding) {
  const {file, line, column, found, term} = finding;
  const why = finding.spanish ? `Spanish left in English: use "${term.en}" (a field of that name goes in backticks)` : `use "${term.en}"`;
  return `${file}:${line}:${column}: "${found}": ${why} (glossary: ${term.es} -> ${term.en})`;
}

/** The files under `dir` (Node's recursive readdir), but for gen/ folders: generated from the contracts by `npm run gen:api`, their texts are checked in the overlays. */
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !relative(dir, path).split(sep).includes('gen'));
}

/** Every English text of the portal, relative to the root. */
export function englishFiles() {
  const overlays = ['openapi/en', ...walk(join(ROOT, 'openapi/versions')).filter((path) => /\/en\/[^/]+\.overlay\.yaml$/.test(path))];
  return [...walk(join(ROOT, 'i18n/en')), ...overlays.flatMap((path) => (path.endsWith('.yaml') ? [path] : walk(join(ROOT, path))))]
    .map((path) => relative(ROOT, resolve(ROOT, path)))
    .filter((path) => kindOf(path) !== undefined)
    .sort();
}

function main(args) {
  const terms = loadGlossary();
  const files = args.length > 0 ? args : englishFiles();
  const findings = files.flatMap((file) => {
    const kind = kindOf(file);
    if (!kind) throw new Error(`${file}: not a page (.md, .mdx), a translation file (.json) or an overlay (.yaml)`);
    return checkText(file, readFileSync(resolve(args.length > 0 ? process.cwd() : ROOT, file), 'utf8'), kind, terms);
  });
  for (const finding of findings) console.error(describe(finding));
  if (findings.length > 0) {
    console.error(`\n${findings.length} term(s) outside the glossary (i18n/glossary.yaml) in ${new Set(findings.map((f) => f.file)).size} file(s).`);
    process.exitCode = 1;
  } else {
    console.log(`Glossary: ${terms.length} terms, ${files.length} English files, no term outside it.`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
