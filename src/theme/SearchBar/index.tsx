import React, {lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

// The search box of @easyops-cn/docusaurus-search-local brings lunr and its
// Spanish and English stemmers with it: about 20 KB gzipped on every page
// (measured on /vpost/integracion). Pages get a plain box instead, and the
// real one is fetched when a person reaches for it (pointer, touch or focus).
// Like the real box, the plain one draws its magnifier inline: Infima's
// stylesheet image would cost an SVG document as the page starts
// (src/css/icons.css).
const OriginalSearchBar = lazy(() => import('@theme-original/SearchBar'));

/** Sets the loaded box's value the way typing would, so its own handlers see it. */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

export default function SearchBar(): ReactNode {
  const [wanted, setWanted] = useState(false);
  const container = useRef<HTMLSpanElement>(null);
  const handOver = useRef({focused: false, text: ''});
  const want = useCallback(() => setWanted(true), []);
  const label = translate({id: 'theme.SearchBar.label', message: 'Search', description: 'The ARIA label and placeholder for search button'});

  // Once the real box is in the page, it gets the focus and whatever was typed meanwhile.
  useEffect(() => {
    const root = container.current;
    if (!wanted || root === null) {
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const real = root.querySelector<HTMLInputElement>('input.navbar__search-input:not([data-placeholder])');
      if (real === null) {
        return;
      }
      observer.disconnect();
      if (handOver.current.focused) {
        real.focus();
        if (handOver.current.text !== '') {
          typeInto(real, handOver.current.text);
        }
      }
    });
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [wanted]);

  const placeholder = (
    <div className={`navbar__search ${styles.box}`}>
      <svg aria-hidden="true" focusable="false" className={styles.magnifier} viewBox="0 0 16 16">
        <circle cx="6.5" cy="6.5" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 10l4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <input
        data-placeholder=""
        type="search"
        className="navbar__search-input"
        placeholder={label}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        onPointerEnter={want}
        onTouchStart={want}
        onFocus={() => {
          handOver.current.focused = true;
          want();
        }}
        onChange={(event) => (handOver.current.text = event.target.value)}
      />
    </div>
  );

  return (
    <span ref={container} style={{display: 'contents'}}>
      {wanted ? <Suspense fallback={placeholder}>{<OriginalSearchBar />}</Suspense> : placeholder}
    </span>
  );
}
