/**
 * What a page learns from the browser once hydrated, drawn in slices.
 *
 * After hydration, Docusaurus's browser context switches `useIsBrowser()` to
 * true (the API theme keys its tab groups and code blocks by it, so the whole
 * operation is drawn again), theme-common's effects set the window size
 * ('ssr' to 'mobile'), the colour mode, the announcement bar's dismissal and
 * the phone menu's secondary content, and the docs plugin's the saved
 * versions. These are urgent updates, so React draws them in tasks it cannot
 * cut. Here each is set in `startTransition`, as Docusaurus hydrates the page.
 */
import type {Plugin} from '@docusaurus/types';
import {rewriteRules, themeCommonFile as themeCommon} from '../rewrite';

/** Each upstream file, and the statements (as written there) set in a transition, with how often each occurs. */
export const IN_TRANSITION: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  [require.resolve('@docusaurus/core/lib/client/browserContext.js')]: [['setIsBrowser(true);', 1]],
  [themeCommon('hooks/useWindowSize.js')]: [['setWindowSize(getWindowSize(desktopBreakpoint));', 1]],
  [themeCommon('contexts/colorMode.js')]: [
    ['setColorModeState(ColorModeAttribute.get());', 1],
    ['setColorModeChoiceState(ColorModeChoiceAttribute.get());', 1],
  ],
  [themeCommon('contexts/announcementBar.js')]: [['setClosed(isDismissedInStorage());', 1]],
  [themeCommon('contexts/navbarSecondaryMenu/content.js')]: [['setContent({ component, props: memoizedProps });', 1]],
  [themeCommon('contexts/navbarSecondaryMenu/display.js')]: [
    ['            setShown(true);', 2],
    ['            setShown(false);', 1],
  ],
  [require.resolve('@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js')]: [['setState(readStorageState({ allDocsData, versionPersistence, pluginIds }));', 1]],
};
const PREPEND = "import {startTransition as portalStartTransition} from 'react';\n";

export default function afterHydrationInSlices(): Plugin {
  const inTransition = ([code, count]: readonly [string, number]): [string, string, number] => [code, `portalStartTransition(() => { ${code.trim()} });`, count];
  const files = Object.fromEntries(Object.entries(IN_TRANSITION).map(([file, statements]) => [file, statements.map(inTransition)]));
  return {name: 'portal-after-hydration', configureWebpack: () => ({module: {rules: rewriteRules('after-hydration', files, PREPEND)}})};
}
