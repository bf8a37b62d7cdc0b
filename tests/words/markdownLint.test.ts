/**
 * @jest-environment node
 */
// The Markdown lint of `npm run lint` (`npm run lint:markdown`: markdownlint-cli2 with the root
// .markdownlint-cli2.jsonc) knows MDX pages: their components, comments and heading ids pass, and
// what is wrong in the Markdown around them fails with its line and rule.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {lineOf, ROOT, runNode} from '../support/words';

const PAGE = `---
title: Plugins
description: Una página que solo existe en esta prueba.
---

import LiveSample from '@site/src/components/LiveSample';

# Plugins de comercio electrónico {/* #plugins */}

<Tabs queryString="tab">
<TabItem value="woocommerce" label="WooCommerce">

## WooCommerce

### Instalación

1. Descargue el plugin de woocommerce:

<PluginDownloadCards plugin="woocommerce" />

2. Instálelo.


</TabItem>
<TabItem value="prestashop" label="PrestaShop">

## PrestaShop

### Instalación

1. Descargue el módulo.

   <PluginDownloadCards plugin="prestashop" />

2. Instálelo.

</TabItem>
</Tabs>
`;

it('fails a page on a broken list, a misspelt name and blank lines, and lets MDX be', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'markdown-lint-'));
  try {
    writeFileSync(join(dir, 'plugins.mdx'), PAGE);
    // The page outside the tree (the build reads the tree meanwhile), linted with the project's settings only.
    const run = await runNode('node_modules/markdownlint-cli2/markdownlint-cli2-bin.mjs', ['--config', join(ROOT, '.markdownlint-cli2.jsonc'), '--no-globs', 'plugins.mdx'], {
      cwd: dir,
    });
    const found = [...run.output.matchAll(/^plugins\.mdx:(\d+)(?::\d+)? error (MD\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
    // The list that JSX cut in two (its second part starts at 2), the name, the two blank lines; not
    // the JSX, the MDX comment, the front matter title beside the # heading, nor a heading repeated under
    // another tab's.
    expect(found).toEqual([`${lineOf(PAGE, 'woocommerce:')}:MD044`, `${lineOf(PAGE, '2. Instálelo')}:MD029`, `${lineOf(PAGE, '2. Instálelo') + 2}:MD012`]);
    expect(run.output).toContain('[Expected: WooCommerce; Actual: woocommerce]');
    expect(run.status).not.toBe(0);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}, 30_000);
