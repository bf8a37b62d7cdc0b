import {AxeBuilder} from '@axe-core/playwright';
import {launchBrowser, startServer} from '../e2e/support';
(async () => {
  const server = await startServer(); const browser = await launchBrowser();
  const context = await browser.newContext({viewport: {width: 1280, height: 900}}); const page = await context.newPage();
  for (const p of process.argv.slice(2)) {
    await page.goto(server.baseUrl + p, {waitUntil: 'networkidle'});
    const r = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of r.violations) {
      const seen = new Set<string>();
      for (const n of v.nodes) {
        const d = (n.any[0]?.data ?? {}) as any;
        const key = `${v.id} ${n.target.join(' ').slice(-80)} fg=${d.fgColor} bg=${d.bgColor} ratio=${d.contrastRatio} html=${n.html.slice(0, 120)}`;
        if (!seen.has(key)) { seen.add(key); console.log(p, key); }
      }
    }
  }
  await browser.close(); await server.stop();
})();
