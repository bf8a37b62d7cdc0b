/** @jest-environment node */
/**
 * The guide pages as a reader checks them: every page exists in Spanish and in
 * English, every payment method has its flow diagram with its flow rules in
 * both languages, and the wallet test data says what each test value
 * simulates without inventing numbers for the gateway's test environment:
 * the sandbox's come from core/data/sandbox.ts.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {DOCUMENT_TYPE_CODES, TEST_CARD} from '../../core/data/enumerations';
import {docPath, readDoc, ROOT, tableRows} from '../support/markdownTables';

const LOCALES = ['es', 'en'] as const;

function pagesUnder(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(join(ROOT, 'docs', folder))
    .map((file) => relative(join(ROOT, 'docs'), file))
    .filter((rel) => /\.mdx?$/.test(rel) && !rel.split(sep).some((part) => part.startsWith('_')))
    .sort();
}

/** The pages this work adds or replaces outside docs/guias. */
const CHANNEL_PAGES = ['soap/index.mdx', 'soap/contrato.mdx', 'soap/confirmacion-transaccion.mdx', 'plugins/index.mdx', 'notificacion-billetera.mdx'];

/** One flow per payment method, by page. */
const FLOWS = ['tarjeta', 'pse', 'referenciado', 'primera-billetera', 'segunda-billetera', 'token', 'recurrente', 'reverso'] as const;

function frontMatter(text: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  return Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]));
}

function mermaidBlocks(text: string): string[] {
  return [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The shape of a sequence diagram: participants' ids, arrows between them and the alt/else/opt/loop/end structure, without the words. */
function diagramShape(diagram: string): string[] {
  return diagram
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const arrow = /^(\w+)(-->>|->>)(\w+):/.exec(line);
      if (arrow) return `${arrow[1]}${arrow[2]}${arrow[3]}`;
      const participant = /^participant (\w+) as /.exec(line);
      if (participant) return `participant ${participant[1]}`;
      const note = /^Note over ([\w,]+):/.exec(line);
      if (note) return `note ${note[1]}`;
      return line.split(' ')[0]!;
    });
}

describe('every guide page exists in Spanish and in English', () => {
  const guides = pagesUnder('guias');

  it('finds the guide pages this work owns', () => {
    expect(guides).toEqual(
      expect.arrayContaining(['guias/index.mdx', 'guias/billeteras.mdx', 'guias/pse.mdx', 'guias/flujos/index.mdx', ...FLOWS.map((f) => `guias/flujos/${f}.mdx`)]),
    );
  });

  it.each([...guides, ...CHANNEL_PAGES])('%s has an English page, in the same place of the sidebar', (rel) => {
    expect(existsSync(docPath('en', rel))).toBe(true);
    const es = frontMatter(readDoc('es', rel));
    const en = frontMatter(readDoc('en', rel));
    if (es.description !== undefined) {
      expect(en.description).toBeTruthy();
      expect(en.description).not.toBe(es.description);
    }
    expect(en.sidebar_position).toBe(es.sidebar_position);
    expect(en.slug).toBe(es.slug);
  });
});

describe('the payment flows', () => {
  it.each(FLOWS.flatMap((flow) => LOCALES.map((locale) => [flow, locale] as const)))('%s (%s) has one sequence diagram', (flow, locale) => {
    const diagrams = mermaidBlocks(readDoc(locale, `guias/flujos/${flow}.mdx`));
    expect(diagrams).toHaveLength(1);
    expect(diagrams[0]!.trim().startsWith('sequenceDiagram')).toBe(true);
  });

  it.each(FLOWS)('the English diagram of %s has the same steps as the Spanish one', (flow) => {
    const [es] = mermaidBlocks(readDoc('es', `guias/flujos/${flow}.mdx`));
    const [en] = mermaidBlocks(readDoc('en', `guias/flujos/${flow}.mdx`));
    expect(diagramShape(en!)).toEqual(diagramShape(es!));
  });

  it.each(LOCALES)('the flows overview (%s) links every flow', (locale) => {
    const overview = readDoc(locale, 'guias/flujos/index.mdx');
    for (const flow of FLOWS) {
      expect(overview).toContain(`(/guias/flujos/${flow})`);
    }
  });

  // Each method's flow rules (codes and states as on /guias/valores), checked on the names and codes both languages share.
  const rules: Record<(typeof FLOWS)[number], readonly string[]> = {
    tarjeta: ['CodigoRespuesta 0 y estado OK|CodigoRespuesta 0 and estado OK', '`00000`', '`00`', 'campo1 a campo4|campo1 to campo4'],
    pse: ['numeroTransaccion (CUS)', '`transaccionAprobada`', '/listarBancos', 'campo4'],
    referenciado: ['estado PENDIENTE', 'FechaVcm', '/consultarEstadoTransaccion'],
    'primera-billetera': ['CodigoRespuesta 2', 'numeroAutorizacion', '/finalizaPagoDaviplata', 'codigoOTP', 'MetodoPago.Id 71'],
    'segunda-billetera': ['CodigoRespuesta 2', 'MetodoPago.Id 72', 'CodigoRespuesta 1'],
    token: ['campo6 en 0|campo6 set to 0', '/crearTokenTarjeta', 'campo7 token', '/consultaInfoToken', 'tipoBorrado 0'],
    recurrente: ['CodigoRespuesta 1', 'campo6', 'campo8', 'tipoBorrado 1'],
    reverso: ['/reversarTransaccionTarjeta', 'estado true', 'estado false'],
  };
  it.each(FLOWS.flatMap((flow) => LOCALES.map((locale) => [flow, locale] as const)))('the %s diagram (%s) shows the flow rules', (flow, locale) => {
    const diagram = mermaidBlocks(readDoc(locale, `guias/flujos/${flow}.mdx`))[0]!;
    const page = readDoc(locale, `guias/flujos/${flow}.mdx`);
    for (const rule of rules[flow]) {
      const options = rule.split('|');
      expect(options.some((option) => (option.startsWith('`') ? page : diagram).includes(option))).toBe(true);
    }
  });

  it.each(LOCALES)('the demo-only OTP in numeroAutorizacion is a note of the first wallet diagram (%s)', (locale) => {
    const diagram = mermaidBlocks(readDoc(locale, 'guias/flujos/primera-billetera.mdx'))[0]!;
    expect(diagram).toMatch(/Note over S,P: .*(demo).*numeroAutorizacion/);
  });

  it.each(LOCALES)('the test cards of the guides are the ones of core/data/enumerations.ts (%s)', (locale) => {
    for (const page of ['guias/flujos/index.mdx', 'guias/flujos/tarjeta.mdx']) {
      const text = readDoc(locale, page);
      expect(text).toContain(`\`${TEST_CARD.expiryYear}-${TEST_CARD.expiryMonth}\``);
      expect(text).toContain(`\`${TEST_CARD.cvc}\``);
    }
  });
});

describe('the wallet test data', () => {
  it.each(LOCALES)('lists the three second-wallet outcomes with their codes (%s)', (locale) => {
    const page = readDoc(locale, 'guias/billeteras.mdx');
    const section = page.slice(page.indexOf('## '), page.indexOf('## ', page.indexOf('## ') + 3));
    const rows = tableRows(section);
    expect(rows.map((row) => row[3])).toEqual(['`CodigoRespuesta` `2`', '`CodigoRespuesta` `1`', '`CodigoRespuesta` `1`']);
    // The sandbox's own numbers, read from core/data/sandbox.ts (the gateway's come with the test terminal).
    expect(rows.slice(1).map((row) => row[1])).toEqual(['<code>{SANDBOX_WALLET_PHONES.accountMissing}</code>', '<code>{SANDBOX_WALLET_PHONES.accountBlocked}</code>']);
  });

  it.each(LOCALES)('lists the first-wallet test documents for document types 1, 3 and 4 (%s)', (locale) => {
    const page = readDoc(locale, 'guias/billeteras.mdx');
    const section = page.slice(page.lastIndexOf('\n## '));
    const codes = tableRows(section).map((row) => row[0]);
    expect(codes).toEqual(['`1`', '`3`', '`4`']);
    const kinds = DOCUMENT_TYPE_CODES.filter((d) => [1, 3, 4].includes(d.code)).map((d) => d.kind);
    expect(kinds).toEqual(['citizenId', 'foreignId', 'identityCard']);
  });

  it.each(LOCALES)('prints no phone or document number of its own invention (%s)', (locale) => {
    const page = readDoc(locale, 'guias/billeteras.mdx');
    expect(page.match(/\d{6,}/g)).toBeNull();
  });
});

describe('the guides sidebar', () => {
  it('orders the flows first, then the wallet test data and PSE, leaving room for the values and encryption pages', () => {
    const category = JSON.parse(readFileSync(join(ROOT, 'docs/guias/flujos/_category_.json'), 'utf8')) as {label: string; position: number};
    const position = (rel: string) => Number(frontMatter(readDoc('es', rel)).sidebar_position);
    expect(position('guias/index.mdx')).toBeLessThan(category.position);
    expect(category.position).toBeLessThan(position('guias/billeteras.mdx'));
    expect(position('guias/billeteras.mdx')).toBeLessThan(position('guias/pse.mdx'));
    const flows = FLOWS.map((flow) => position(`guias/flujos/${flow}.mdx`));
    expect(new Set(flows).size).toBe(FLOWS.length);
  });

  it('has English labels for the flows category', () => {
    const labels = JSON.parse(readFileSync(join(ROOT, 'i18n/en/docusaurus-plugin-content-docs/current.json'), 'utf8')) as Record<string, {message: string}>;
    expect(labels['sidebar.guias.category.Flujos de pago']?.message).toBe('Payment flows');
  });
});
