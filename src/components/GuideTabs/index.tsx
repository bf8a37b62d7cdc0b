import React, {useRef, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {sanitizeTabsChildren, TabsProvider, useScrollPositionBlocker, useTabs, useTabsContextValue} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/Tabs';
import styles from './styles.module.css';

/**
 * The guides' tabs: the classic theme's tabs (same hooks, markup, classes,
 * keyboard use and ?tab= links), without its remount after hydration.
 *
 * The classic <Tabs> is keyed on whether the page has hydrated, so React
 * throws the hydrated panels away and draws all of them again in the browser:
 * on /vpost/integracion that was a 250 ms task (throttled phone) right after
 * start-up, and it undid ./TabItem, which leaves hidden panels as the server
 * drew them. The first render here matches the server's (the default tab);
 * the tab named by the query string or by storage is selected in a layout
 * effect (useTabsContextValue), which React applies as an ordinary update.
 */
function TabList({className}: {readonly className?: string}): ReactNode {
  const {selectedValue, selectValue, tabValues, block} = useTabs();
  const tabs = useRef<(HTMLLIElement | null)[]>([]);
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();

  const choose = (index: number): void => {
    const value = tabValues[index]?.value;
    const tab = tabs.current[index];
    if (value === undefined || value === selectedValue) return;
    // The tab list stays where the reader sees it while the panel height changes.
    if (tab) blockElementScrollPositionUntilNextRender(tab);
    selectValue(value);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLLIElement>): void => {
    const count = tabValues.length;
    if (event.key === 'Enter') {
      choose(index);
    } else if (event.key === 'ArrowRight') {
      tabs.current[(index + 1) % count]?.focus();
    } else if (event.key === 'ArrowLeft') {
      tabs.current[(index - 1 + count) % count]?.focus();
    }
  };

  return (
    <ul role="tablist" aria-orientation="horizontal" className={clsx('tabs', {'tabs--block': block}, className)}>
      {tabValues.map(({value, label, attributes}, index) => {
        const selected = value === selectedValue;
        return (
          <li
            key={value}
            role="tab"
            tabIndex={selected ? 0 : -1}
            aria-selected={selected}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onClick={() => choose(index)}
            {...attributes}
            className={clsx('tabs__item', styles.tab, attributes?.className as string | undefined, {'tabs__item--active': selected})}
          >
            {label ?? value}
          </li>
        );
      })}
    </ul>
  );
}

export default function GuideTabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  return (
    <TabsProvider value={value}>
      <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
        <TabList className={props.className} />
        <div className="margin-top--md">{sanitizeTabsChildren(props.children)}</div>
      </div>
    </TabsProvider>
  );
}
