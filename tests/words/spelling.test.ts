/**
 * @jest-environment node
 */
// The spelling check of `npm run lint` (`npm run lint:spelling`: cspell, cspell.config.yaml) reads a
// page in the language of its place: Spanish under docs/ (and the other Spanish sources), English under
// i18n/en/, the texts of the contracts in both. A misspelling planted in each fails with its line and
// word; code, names and markup around it do not.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {lineOf, ROOT, spell, unknownWords, type Run} from '../support/words';

const SPANISH_PAGE = `---
title: Página de prueba
description: Una página que solo existe en esta prueba.
---

import LiveSample from '@site/src/components/LiveSample';

# Pruebas de ortografía

La transacion se aprueba cuando la pasarela responde.
Si el checksum no coincide, la transaccion no se procesa.
El comprador recibe the invoice por correo.

El campo \`transacionId\` y <Tabs queryString="pestanna"> no son texto, ni {/* a comment in English */}.

\`\`\`js
const transacion = firmar(llave);
\`\`\`
`;

const ENGLISH_PAGE = `---
title: Spelling test
---

# Tests {/* #pruebas-de-ortografía */}

The transacton is approved when the gateway answers.
Pay in three instalments.
The pasarela sends the invoice.

The \`codigoFactura\` field and \`transacionId\` are code, and so is <SampleButton sample="pagotoken" />.

\`\`\`mermaid
sequenceDiagram
    participant C as Buyer
    C->>P: Sends the paymnt
\`\`\`
`;

const CONTRACT = `paths:
  /autenticar:
    post:
      operationId: autenticarr
      summary: Autenticacion
      description: |-
        Valida el usuario y devuelve el tokenn que llevan las demás operaciones.
`;

describe('spelling (cspell)', () => {
  // The three runs at once: each cspell process spends most of its second loading dictionaries.
  let runs: Promise<[Run, Run, Run]>;
  beforeAll(() => {
    runs = Promise.all([
      spell('docs/vpost/prueba-ortografia.mdx', SPANISH_PAGE),
      spell('i18n/en/docusaurus-plugin-content-docs/current/vpost/prueba-ortografia.mdx', ENGLISH_PAGE),
      spell('openapi/rest.yaml', CONTRACT),
    ]);
  });

  // Each list is all cspell reported: the code, names and markup around the planted words pass.
  it('fails a Spanish page on a misspelling, a missing accent and an English word, and names their lines', async () => {
    const [run] = await runs;
    expect(unknownWords(run)).toEqual([
      `${lineOf(SPANISH_PAGE, 'La transacion')}:transacion`,
      `${lineOf(SPANISH_PAGE, 'la transaccion')}:transaccion`,
      `${lineOf(SPANISH_PAGE, 'the invoice')}:invoice`,
    ]);
    expect(run.output).toContain('docs/vpost/prueba-ortografia.mdx:');
    expect(run.status).not.toBe(0);
  }, 30_000);

  it('fails an English page on a misspelling, British spelling and a Spanish word, diagrams included', async () => {
    const [, run] = await runs;
    expect(unknownWords(run)).toEqual([
      `${lineOf(ENGLISH_PAGE, 'The transacton')}:transacton`,
      `${lineOf(ENGLISH_PAGE, 'instalments')}:instalments`,
      `${lineOf(ENGLISH_PAGE, 'The pasarela')}:pasarela`,
      `${lineOf(ENGLISH_PAGE, 'the paymnt')}:paymnt`,
    ]);
    expect(run.status).not.toBe(0);
  }, 30_000);

  it('reads only the texts of a contract, not its names', async () => {
    const [, , run] = await runs;
    expect(unknownWords(run)).toEqual([`${lineOf(CONTRACT, 'Autenticacion')}:Autenticacion`, `${lineOf(CONTRACT, 'tokenn')}:tokenn`]);
    expect(run.status).not.toBe(0);
  }, 30_000);
});

describe('the project word list (project-words.txt)', () => {
  const sections = readFileSync(join(ROOT, 'project-words.txt'), 'utf8')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')))
    .filter((words) => words.length > 0);
  const order = (a: string, b: string) => a.localeCompare(b, 'es', {sensitivity: 'base'}) || (a < b ? -1 : a > b ? 1 : 0);

  it('keeps each section in alphabetical order, one word a line, with no word twice', () => {
    expect(sections.map((words) => [...words].sort(order))).toEqual(sections);
    const all = sections.flat();
    expect(all.filter((word) => !/^[\p{L}\p{N}]+$/u.test(word))).toEqual([]);
    expect(all.filter((word, index) => all.indexOf(word) !== index)).toEqual([]);
  });
});
