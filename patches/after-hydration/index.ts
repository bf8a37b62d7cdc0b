/**
 * What a docs page reads from the browser once hydrated, drawn in slices.
 *
 * After hydration, theme-common's effects set the window size ('ssr' to
 * 'mobile'), the colour mode, the announcement bar's dismissal and the phone
 * menu's secondary content, and the docs plugin's the saved versions. These
 * are urgent updates, so React draws them all again (the navbar, the doc
 * sidebar, the table of contents) in one task it cannot cut. Here each is set
 * in `startTransition`, as Docusaurus hydrates the page itself.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

const themeCommon = (file: string): string => join(dirname(require.resolve('@docusaurus/theme-common')), file);
/** Each upstream file, and the statements (as written there) set in a transition, with how often each occurs. */
export const IN_TRANSITION: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  [themeCommon('hooks/useWindowSize.js')]: [['setWindowSize(getWindowSize(desktopBreakpoint));', 1]],
  [themeCommon('contexts/colorMode.js')]: [['setColorModeState(ColorModeAttribute.get());', 1], ['setColorModeChoiceState(ColorModeChoiceAttribute.get());', 1]],
  [themeCommon('contexts/announcementBar.js')]: [['setClosed(isDismissedInStorage());', 1]],
  [themeCommon('contexts/navbarSecondaryMenu/content.js')]: [['setContent({ component, props: memoizedProps });', 1]],
  [themeCommon('contexts/navbarSecondaryMenu/display.js')]: [['            setShown(true);', 2], ['            setShown(false);', 1]],
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js')]: [['setState(readStorageState({ allDocsData, versionPersistence, pluginIds }));', 1]],
};
/** The loader both rewriting patches share. */
export const REWRITE_LOADER = join(__dirname, '../rewrite.js');
const PREPEND = "import {startTransition as portalStartTransition} from 'react';\n";

export default function afterHydrationInSlices(): Plugin {
  const rules = Object.entries(IN_TRANSITION).map(([file, statements]) => ({
    test: file,
    use: [{loader: REWRITE_LOADER, options: {patch: 'after-hydration', prepend: PREPEND, rewrites: statements.map(([code, count]) => [code, `portalStartTransition(() => { ${code.trim()} });`, count])}}],
  }));
  return {name: 'portal-after-hydration', configureWebpack: () => ({module: {rules}})};
}
