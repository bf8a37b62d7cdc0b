import React, {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useTabs} from '@docusaurus/theme-common/internal';
import ClassicTabItem from '@theme-init/TabItem';
import type {Props} from '@theme/TabItem';

const TabItem = ClassicTabItem as ComponentType<Props>;

/**
 * The classic tab panel, hydrated only once it is shown.
 *
 * Every panel is in the built HTML (search, readers without JavaScript, the
 * PDF manuals), but a hidden one need not be brought to life while the page
 * starts: on /vpost/integracion five of six panels are hidden, about 700 of
 * the article's 820 elements. While the page hydrates, a hidden panel is given
 * as an element with empty inner HTML, which React leaves as the server drew
 * it; the first time the panel is selected it is rendered for real. Pages
 * reached by moving in the browser (no server HTML) render every panel.
 */
export default function GuideTabItem(props: Props): ReactNode {
  const {selectedValue, lazy} = useTabs();
  const isBrowser = useIsBrowser();
  const selected = props.value === selectedValue;
  // The server draws every panel; so does the browser once the page has hydrated.
  const [drawn, setDrawn] = useState(() => !ExecutionEnvironment.canUseDOM || isBrowser || selected || lazy === true);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set while rendering, it broke the hydration e2e (e2e/startup.test.ts): a panel is drawn for good once selected, after hydration
    if (selected && !drawn) setDrawn(true);
  }, [selected, drawn]);

  if (drawn || selected) {
    return <TabItem {...props} />;
  }
  return <div role="tabpanel" hidden dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />;
}
