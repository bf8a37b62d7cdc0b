import React, {useEffect, useRef, type ReactNode} from 'react';
import ApiItem from '@theme-original/ApiItem';
// The API theme's ApiItem takes the props of the classic theme's DocItem.
import type {Props} from '@theme/DocItem';
import {stableContent} from '@site/src/lib/openapi/stableContent';
import {translate} from '@docusaurus/Translate';
// The API theme's stylesheet, which patches/openapi-theme keeps off the guide
// pages: only the reference instances render this component.
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

/**
 * Markup of docusaurus-theme-openapi-docs 5.2 that fails WCAG 2.1 AA (axe),
 * mended in the page once React has drawn it, and again whenever the reader
 * opens a schema or a tab:
 * - schema lists: <ul> elements whose children are <div>s ("list"); they are
 *   layout, so they lose the list role;
 * - the schema tabs' scroll arrows: icon buttons with no name ("button-name");
 * - the request panel's scrolling area: not reachable by keyboard
 *   ("scrollable-region-focusable").
 * Colours are in src/css/api-reference.css.
 */
function mend(root: HTMLElement, labels: {previous: string; next: string; playground: string}): void {
  root.querySelectorAll('ul').forEach((list) => {
    if (!list.hasAttribute('role') && [...list.children].some((child) => child.tagName !== 'LI')) {
      list.setAttribute('role', 'presentation');
    }
  });
  root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow').forEach((button) => {
    if (!button.hasAttribute('aria-label')) {
      button.setAttribute('aria-label', button.classList.contains('left') ? labels.previous : labels.next);
    }
  });
  root.querySelectorAll<HTMLElement>('.openapi-explorer__playground-container').forEach((area) => {
    if (!area.hasAttribute('tabindex')) {
      area.setAttribute('tabindex', '0');
      area.setAttribute('role', 'region');
      area.setAttribute('aria-label', labels.playground);
    }
  });
}

export default function ApiItemWrapper(props: Props): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  const labels = {
    previous: translate({id: 'apiReference.tabs.previous', message: 'Pestañas anteriores', description: 'Accessible name of the arrow that scrolls schema tabs back'}),
    next: translate({id: 'apiReference.tabs.next', message: 'Pestañas siguientes', description: 'Accessible name of the arrow that scrolls schema tabs forward'}),
    playground: translate({id: 'apiReference.playground', message: 'Consola de pruebas', description: 'Accessible name of the API request panel'}),
  };
  const {previous, next, playground} = labels;

  useEffect(() => {
    const element = root.current;
    if (element === null) {
      return undefined;
    }
    const apply = () => mend(element, {previous, next, playground});
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(element, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [previous, next, playground]);

  return (
    <div ref={root} className="portal-api-item" style={{display: 'contents'}}>
      <ApiItem {...props} content={stableContent(props.content)} />
    </div>
  );
}
