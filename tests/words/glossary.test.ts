/**
 * @jest-environment node
 */
// The glossary check of `npm run lint` (`npm run lint:glossary`: scripts/glossary.mjs, the terms in
// i18n/glossary.yaml) fails an English text that uses a wrong term, naming the file, the line, the term
// and the approved one; code, names and the Spanish of diagrams pass.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parse} from 'yaml';
import {lineOf, ROOT, runNode} from '../support/words';

const PAGE = `---
title: Wallet payment notification
description: What your business receives when a wallet payment finishes.
---

import LiveSample from '@site/src/components/LiveSample';

# Notification {/* #qué-recibe-su-comercio */}

The shop sends the buyer to the purchase page.
The merchant signs with the llave of the terminal.
The \`llave\` field and <ProductVar prefix="firma" /> are code; <Tabs queryString="comercio"> is markup.
Pay in three instalments, within five business days.

\`\`\`mermaid
sequenceDiagram
    participant S as Business server
    S->>P: POST /autenticar<br/>usuario, clave, terminal
\`\`\`

\`\`\`php
$business = 'shop';
\`\`\`
`;

const STRINGS = `{
  "manuals.placeholder": {
    "message": "Type an email address; {email} is an example.",
    "description": "Placeholder of the email field"
  }
}
`;

const OVERLAY = `actions:
  - target: $.components.schemas.Factura
    update:
      title: Invoice
      description: Sent to the payment page of the business.
`;

type Term = {es: string; en: string; avoid?: string[]};

describe('the glossary (i18n/glossary.yaml)', () => {
  const terms = parse(readFileSync(join(ROOT, 'i18n/glossary.yaml'), 'utf8')) as Term[];

  it('gives the approved English term of at least 20 Spanish terms, the gateway words among them', () => {
    expect(terms.length).toBeGreaterThanOrEqual(20);
    const approved = Object.fromEntries(terms.map((term) => [term.es, term.en]));
    expect(approved).toMatchObject({comercio: 'merchant', pasarela: 'gateway', terminal: 'terminal', llave: 'key', firma: 'signature', factura: 'invoice'});
  });

  it('fails English texts on a wrong term or a Spanish one, naming file, line, term and the approved term', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glossary-'));
    try {
      writeFileSync(join(dir, 'notificacion.mdx'), PAGE);
      writeFileSync(join(dir, 'code.json'), STRINGS);
      writeFileSync(join(dir, 'comunes.overlay.yaml'), OVERLAY);
      const run = await runNode('scripts/glossary.mjs', ['notificacion.mdx', 'code.json', 'comunes.overlay.yaml'], {cwd: dir});
      const at = (text: string, needle: string) => `${lineOf(text, needle)}:${text.split('\n')[lineOf(text, needle) - 1]!.indexOf(needle) + 1}`;
      expect(run.output.split('\n').filter((line) => /^\S+:\d+:\d+: /.test(line))).toEqual([
        `notificacion.mdx:${at(PAGE, 'business receives')}: "business": use "merchant" (glossary: comercio -> merchant)`,
        `notificacion.mdx:${at(PAGE, 'shop sends')}: "shop": use "store" (glossary: tienda -> store)`,
        `notificacion.mdx:${at(PAGE, 'llave of')}: "llave": Spanish left in English: use "key" (a field of that name goes in backticks) (glossary: llave -> key)`,
        `notificacion.mdx:${at(PAGE, 'instalments')}: "instalments": use "installment" (glossary: cuota -> installment)`,
        `notificacion.mdx:${at(PAGE, 'Business server')}: "Business": use "merchant" (glossary: comercio -> merchant)`,
        `code.json:${at(STRINGS, 'email address')}: "email": use "e-mail" (glossary: correo electrónico -> e-mail)`,
        `comunes.overlay.yaml:${at(OVERLAY, 'payment page')}: "payment page": use "purchase page" (glossary: página de compra -> purchase page)`,
        `comunes.overlay.yaml:${at(OVERLAY, 'business.')}: "business": use "merchant" (glossary: comercio -> merchant)`,
      ]);
      expect(run.output).toContain('8 term(s) outside the glossary (i18n/glossary.yaml) in 3 file(s).');
      expect(run.status).toBe(1);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  }, 30_000);
});
