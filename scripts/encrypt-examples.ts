#!/usr/bin/env -S npx tsx
// `npx tsx scripts/encrypt-examples.ts`: re-encrypts the card fields (campo1 to
// campo4) of the contracts' examples, of every version, with the demo public key
// (core/data/encryption.ts), from the sandbox's approving test card of the
// example's brand (core/data/sandbox.ts). Run it after changing the demo key or
// the test cards; server/sandbox/__tests__/contracts.test.ts checks the result by
// decrypting every example with the sandbox's private key.
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {encryptToHex} from '../core/rsaEncrypt';
import {DEMO_PUBLIC_KEY_PEM} from '../core/data/encryption';
import {SANDBOX_TEST_CARDS, TEST_CARD} from '../core/data/sandbox';

import {cutVersions} from '../core/node/openapiVersions';

// The card contracts of every version: openapi/ and openapi/versions/<version>/.
const FILES = ['openapi', ...cutVersions(join(__dirname, '..')).map((v) => `openapi/versions/${v}`)].flatMap((dir) => [`${dir}/rest.yaml`, `${dir}/tcrest.yaml`]);
const PLAIN: Record<string, (id: string) => string> = {
  campo1: (id) => {
    const card = SANDBOX_TEST_CARDS.find((c) => c.methodId === id);
    if (card === undefined) throw new Error(`no sandbox test card for MetodoPago.Id ${id}`);
    return card.approved;
  },
  campo2: () => TEST_CARD.cvc,
  campo3: () => TEST_CARD.expiryYear,
  campo4: () => TEST_CARD.expiryMonth,
};

for (const file of FILES) {
  const path = join(__dirname, '..', file);
  let id: string | null = null;
  let count = 0;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => {
      const idMatch = /^\s*(?:MetodoPago:\s*\{\s*)?Id:\s*'([0-9]+)'/.exec(line);
      if (idMatch) id = idMatch[1] ?? null;
      const field = /^(\s*)(campo[1-4]):\s*[0-9a-fA-F]{512}\s*$/.exec(line);
      if (!field) return line;
      if (id === null) throw new Error(`${file}: encrypted ${field[2]} before any MetodoPago Id`);
      const result = encryptToHex(DEMO_PUBLIC_KEY_PEM, PLAIN[field[2] as string]!(id));
      if (!result.ok) throw new Error(`${file}: ${JSON.stringify(result.error)}`);
      count += 1;
      return `${field[1]}${field[2]}: ${result.hex}`;
    });
  writeFileSync(path, lines.join('\n'), 'utf8');
  console.log(`${file}: ${count} encrypted values`);
}
