/**
 * axe-core's WCAG checks in a page, returning only what fails. axe runs in the
 * page itself (axe.run): it reaches the page's frames of its own origin, and a
 * page with a frame of another origin is refused rather than half checked.
 * Only the violations come back, as one line each: the full results (every
 * node each rule passed, up to 5 MB on the SOAP contract page) are not sent to
 * the test, which took about a third of the check's time on the largest
 * pages. Not @axe-core/playwright: its runPartial copies every node's result
 * into a second, blank page, which more than doubled the check's time on the
 * SOAP contract page; nor axe's resultTypes option, which gives page-level
 * rules such as heading-order and landmark-one-main only one node of their
 * passes, so they report false violations. The rules, the nodes they visit
 * and their verdicts are axe's own.
 */
import axe from 'axe-core';
import type {Page} from 'playwright-core';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** The WCAG 2.1 A and AA rules, by axe's tags. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each violation as `rule (impact): help — first three nodes`; none is []. */
export async function wcagViolations(page: Page, tags: readonly string[] = WCAG_21_AA): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const foreign = page.frames().filter((frame) => frame.url() !== 'about:blank' && new URL(frame.url()).origin !== origin);
  if (foreign.length > 0) throw new Error(`${page.url()} has frames of another origin, which axe in the page does not reach: ${foreign.map((f) => f.url()).join(', ')}`);
  const setUp = `${axe.source}\n;axe.configure({allowedOrigins: ['<same_origin>']});`;
  for (const frame of page.frames()) await frame.evaluate(setUp);
  return page.evaluate(async (runOnly) => {
    const results = await window.axe.run(document, {runOnly: {type: 'tag', values: runOnly}});
    return results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  }, tags as string[]);
}
