/**
 * @jest-environment node
 */
// The reference's texts drawn without a Markdown parser (src/lib/liteMarkdown,
// used by src/theme/Markdown) come out as the API theme's own renderer
// (react-markdown, remark-gfm, rehype-raw) draws them: every description,
// qualifier, enum table and example summary of the three contracts, in
// Spanish and in English, is inside the subset and gives the same HTML.
// Texts outside the subset still reach the theme's renderer.
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import ThemeMarkdown from 'docusaurus-theme-openapi-docs/lib/theme/Markdown';
import {getQualifierMessage} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';
import {renderLiteMarkdown} from '../../src/lib/liteMarkdown';
import Markdown from '../../src/theme/Markdown';
import {setTestLocale, translate} from '../support/translate';
import {loadBundles, LOCALES} from '../support/contracts';
import {isObject, type Json} from '../../core/openapi/contracts';

/** Block-level tags: the line breaks react-markdown puts between them are not drawn. */
const normalize = (html: string): string => html.replace(/\s*(<\/?(?:p|table|thead|tbody|tr|th|td)>)\s*/g, '$1');

const theme = (text: string): string => normalize(renderToStaticMarkup(<ThemeMarkdown>{text}</ThemeMarkdown>));
const ours = (text: string): string => normalize(renderToStaticMarkup(<Markdown>{text}</Markdown>));

/** The enum table the theme's SchemaItem writes for x-enumDescriptions. */
function enumTable(descriptions: Record<string, string>): string {
  const value = translate({id: 'theme.openapi.schemaItem.enumValue', message: 'Enum Value'});
  const description = translate({id: 'theme.openapi.schemaItem.enumDescription', message: 'Description'});
  const rows = Object.entries(descriptions)
    .map(([key, text]) => `| ${key} | ${text} | `.replaceAll('\n', '<br/>'))
    .join('\n');
  return `| ${value} | ${description} |\n| ---- | ----- |\n${rows}\n    `;
}

/** Every text of a contract that the theme draws with its Markdown component. */
function markdownTexts(node: Json, out: Set<string>, parentKey = ''): Set<string> {
  if (Array.isArray(node)) {
    node.forEach((item) => markdownTexts(item, out, parentKey));
  } else if (isObject(node)) {
    if (typeof node.description === 'string') out.add(node.description);
    if (typeof node.summary === 'string' && parentKey === 'examples') out.add(node.summary);
    const looksLikeSchema = ['type', 'enum', 'properties', 'items', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'format'].some((k) => k in node);
    if (looksLikeSchema && parentKey !== 'properties' && parentKey !== 'examples') {
      const qualifier = getQualifierMessage(node);
      if (typeof qualifier === 'string' && qualifier !== '') out.add(qualifier);
    }
    const enumDescriptions = node['x-enumDescriptions'];
    if (isObject(enumDescriptions)) out.add(enumTable(enumDescriptions as Record<string, string>));
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isObject(value)) {
        Object.values(value).forEach((schema) => markdownTexts(schema, out, 'property'));
      } else if (key === 'examples' && isObject(value)) {
        Object.values(value).forEach((example) => markdownTexts(example, out, 'examples'));
      } else {
        markdownTexts(value, out, key);
      }
    }
  }
  return out;
}

const bundles = loadBundles(true);

describe.each(LOCALES)('the reference texts in %s', (locale) => {
  beforeAll(() => setTestLocale(locale));
  afterAll(() => setTestLocale('es'));

  const texts = () => {
    const out = new Set<string>();
    for (const contract of Object.values(bundles)) markdownTexts(contract[locale], out);
    return [...out];
  };

  it('are many, and include the theme’s qualifiers and enum tables', () => {
    const all = texts();
    expect(all.length).toBeGreaterThan(150);
    expect(all.some((text) => text.startsWith('| '))).toBe(true);
    expect(all.some((text) => text.includes('**'))).toBe(true);
    expect(all.some((text) => text.includes('`'))).toBe(true);
  });

  it('all stay inside the subset, so no page fetches a Markdown parser', () => {
    const outside = texts().filter((text) => renderLiteMarkdown(text) === null);
    expect(outside).toEqual([]);
  });

  it('are drawn exactly as the theme’s renderer draws them', () => {
    const different = texts()
      .map((text) => ({text, ours: ours(text), theme: theme(text)}))
      .filter((pair) => pair.ours !== pair.theme);
    expect(different).toEqual([]);
  });
});

describe('the subset', () => {
  const same = [
    'Una línea.',
    'Primera línea\nsegunda línea, con `código`.',
    'Un párrafo.\n\nOtro párrafo.',
    '**Valores posibles:** [`0`, `1`, `99`]',
    'Antes **fuerte** después, y **`código` fuerte**.',
    'Escapes: \\*literal\\*, \\`no es código\\`, \\[corchetes\\], una \\ barra.',
    'tipo_documento y 3 * 4 y a < b y R&D.',
    '``dos ` comillas`` y `` `una` ``',
    '`sin cierre',
    'Texto con `código\nen dos líneas`.',
    '| Valor | Descripción |\n| ---- | ----- |\n| 0 | Aprobada<br/>con aviso | \n| 1 | Con \\| barra | \n| 2 | \n    ',
    '  Sangría de un párrafo\n   y su continuación  ',
  ];

  it.each(same)('draws %j as the theme does', (text) => {
    expect(renderLiteMarkdown(text)).not.toBeNull();
    expect(ours(text)).toBe(theme(text));
  });

  const outside = [
    '# Título',
    '- un elemento',
    '1. primero',
    '> cita',
    '```\ncódigo\n```',
    '    código sangrado',
    'Un [enlace](https://example.com).',
    'Visite https://example.com o www.example.com.',
    'Escriba a soporte@example.com.',
    '*énfasis*',
    '_énfasis_',
    '~~tachado~~',
    'Una <a href="#x">etiqueta</a>.',
    '&amp; entidad',
    ':::note\nAviso\n:::',
    'Salto duro  \nde línea',
    'Título\n===',
    '---',
    '**sin cierre',
    '| a | b |\n| :-- | --: |\n| 1 | 2 |',
    'Texto\n| a | b |\n| --- | --- |',
  ];

  it.each(outside)('leaves %j to the theme’s renderer', (text) => {
    expect(renderLiteMarkdown(text)).toBeNull();
  });

  it('hands texts outside the subset to the theme’s renderer', () => {
    // The server bundle's branch: the theme's renderer imported eagerly.
    process.env.PORTAL_SERVER_BUNDLE = 'true';
    jest.isolateModules(() => {
      const {default: ServerMarkdown} = require('../../src/theme/Markdown') as {default: typeof Markdown};
      for (const text of ['- uno\n- dos', 'Un [enlace](https://example.com).', '*énfasis*']) {
        expect(normalize(renderToStaticMarkup(<ServerMarkdown>{text}</ServerMarkdown>))).toBe(theme(text));
      }
    });
    delete process.env.PORTAL_SERVER_BUNDLE;
  });
});
