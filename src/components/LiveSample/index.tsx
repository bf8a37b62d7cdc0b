import React, {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useSandboxCredentials} from '@site/src/lib/sandboxCredentials';
import {buildLiveSample, type LiveSampleId} from '@site/core/data/liveSamples';
import styles from './styles.module.css';

const Live = lazy(() => import('./Live'));

/** What a person does with a page, as opposed to a page that was only loaded. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown'] as const;

/**
 * A JavaScript sample that the reader edits and runs in the page (MDX:
 * `<LiveSample sample="cifrado" />`). The code comes from core/data/liveSamples.ts.
 * The page is drawn with the sample as an ordinary highlighted block; the
 * live editor (react-live, node-forge) is fetched when the block is in view
 * and the reader uses the page (pointer, scroll, touch, keys), or at once on
 * "Editar y ejecutar", so a page with a live sample starts as fast as any other.
 */
export default function LiveSample({sample}: {readonly sample: LiveSampleId}): ReactNode {
  const {i18n} = useDocusaurusContext();
  const {productName, sandbox} = usePortalConfig();
  // The reader's sandbox key when this browser remembers one; the
  // static page, drawn for everyone, shows the worked examples' key.
  const remembered = useSandboxCredentials();
  const key = sandbox && remembered !== null ? remembered.llave : undefined;
  const code = buildLiveSample(sample, i18n.currentLocale === 'en' ? 'en' : 'es', productName, key);
  const [wanted, setWanted] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (wanted || element === null || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    // In view and the reader has used the page: a page that is only loaded (a
    // crawler, a page-load measurement) does not fetch the editor.
    let inView = false;
    let used = false;
    const update = (): void => {
      if (inView && used) setWanted(true);
    };
    const controller = new AbortController();
    for (const type of INTERACTIONS) {
      window.addEventListener(
        type,
        () => {
          used = true;
          controller.abort();
          update();
        },
        {capture: true, passive: true, signal: controller.signal},
      );
    }
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((entry) => entry.isIntersecting);
        update();
      },
      {rootMargin: '200px'},
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [wanted]);

  const still = <CodeBlock language="jsx">{code}</CodeBlock>;
  return (
    // data-live-code: the server gives this page a policy that lets the edited code run (server/site/csp.ts).
    <div ref={anchor} className={styles.live} data-live-sample={sample} data-live-code="">
      <p className={styles.note}>
        {translate({
          id: 'liveSample.note',
          message: 'Código editable: cambie el código y el resultado se actualiza en esta página, en su navegador.',
          description: 'Live sample: the note above an editable code block',
        })}
      </p>
      {wanted ? (
        <Suspense fallback={still}>
          <Live code={code} />
        </Suspense>
      ) : (
        <>
          {still}
          <button type="button" className="button button--secondary button--sm" onClick={() => setWanted(true)}>
            {translate({id: 'liveSample.start', message: 'Editar y ejecutar', description: 'Live sample: button that turns the block into a live editor'})}
          </button>
        </>
      )}
    </div>
  );
}
