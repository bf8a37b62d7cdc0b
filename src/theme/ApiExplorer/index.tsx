import React, {lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';
import {registerSnippetLanguages} from './snippetLanguages';

// The request panel and code snippets of docusaurus-theme-openapi-docs carry
// postman-collection, the postman code generators, faker and mime-db: 5.2 MB
// of JavaScript (1.7 MB gzipped) that every reference page parsed at load.
// The panel is now fetched when it comes into view (at once on a desktop,
// where it sits beside the operation; on a phone, when the reader scrolls to
// it) or when the reader asks for it.
const OriginalApiExplorer = lazy(() => registerSnippetLanguages().then(() => import('@theme-original/ApiExplorer')));

type Props = ComponentProps<typeof OriginalApiExplorer>;

export default function ApiExplorer(props: Props): ReactNode {
  const [wanted, setWanted] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (wanted || element === null) {
      return undefined;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setWanted(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
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
