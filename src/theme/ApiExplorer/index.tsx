import React, {lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';
import {registerSnippetLanguages} from '@site/src/lib/snippetLanguages';

// The request panel and code snippets of docusaurus-theme-openapi-docs carry
// postman-collection, the postman code generators, faker and mime-db: 5.2 MB
// of JavaScript (1.7 MB gzipped; 395 KB since patches/openapi-theme) that every
// reference page parsed at load.
// The panel is fetched when the reader asks for it, or when it is in view and
// the reader is using the page (moves the pointer, scrolls, touches, types):
// on a desktop that is at once, beside the operation; on a phone, when the
// reader scrolls to it. A page that is only loaded (a crawler, a page-load
// measurement, a reader who has not touched it yet) does not pay for it:
// measured with Lighthouse mobile, /rest/autenticacion blocked the main
// thread for 1.0-2.0 s while the panel was parsed.
//
// The server never draws the panel (it is only fetched in the browser), so the
// server bundle leaves it out: the flag is defined by patches/prism-on-demand
// and the bundler drops the branch with the import, which halves the modules
// the server build compiles (the code generators alone are over 800).
// ./WithCredentials puts the sandbox credentials panel above it.
type Props = ComponentProps<typeof import('@theme-original/ApiExplorer')>;
const OriginalApiExplorer: ComponentType<Props> =
  process.env.PORTAL_SERVER_BUNDLE === 'true' ? () => null : lazy(() => registerSnippetLanguages().then(() => import('./WithCredentials')));

/** What a person does with a page, as opposed to a page that was only loaded. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown'] as const;

let interacted = false;

/** Calls `callback` once the reader has used the page (at once if they already have); returns a cancel. */
function whenInteracted(callback: () => void): () => void {
  if (interacted) {
    callback();
    return () => undefined;
  }
  const controller = new AbortController();
  const onInteraction = (): void => {
    interacted = true;
    controller.abort();
    callback();
  };
  for (const type of INTERACTIONS) {
    window.addEventListener(type, onInteraction, {capture: true, passive: true, signal: controller.signal});
  }
  return () => controller.abort();
}

export default function ApiExplorer(props: Props): ReactNode {
  const [wanted, setWanted] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (wanted || element === null) {
      return undefined;
    }
    let inView = typeof IntersectionObserver === 'undefined';
    let active = false;
    const loadIfReady = (): void => {
      if (inView && active) setWanted(true);
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            inView = entries.some((entry) => entry.isIntersecting);
            loadIfReady();
          });
    observer?.observe(element);
    const cancel = whenInteracted(() => {
      active = true;
      loadIfReady();
    });
    return () => {
      observer?.disconnect();
      cancel();
    };
  }, [wanted]);

  if (wanted) {
    return (
      <Suspense fallback={<div className={styles.placeholder} aria-busy="true" />}>
        <OriginalApiExplorer {...props} />
      </Suspense>
    );
  }
  return (
    <div ref={anchor} className={styles.placeholder}>
      <p>
        {translate({
          id: 'apiExplorer.placeholder',
          message: 'Aquí se abren la consola para probar la operación y los ejemplos de código.',
          description: 'Shown where the API request panel will load on a reference page',
        })}
      </p>
      <button type="button" className="button button--primary" onClick={() => setWanted(true)}>
        {translate({id: 'apiExplorer.open', message: 'Abrir la consola', description: 'Button that loads the API request panel now'})}
      </button>
    </div>
  );
}
