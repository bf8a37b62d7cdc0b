import React, {useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props} from '@theme/CodeBlock/Content/String';
import {registerSnippetLanguages, registerSnippetLanguagesNow, SNIPPET_LANGUAGES, snippetLanguagesReady} from '@site/src/lib/snippetLanguages';
import styles from './styles.module.css';

type Highlighter = ComponentType<Props>;

/**
 * Prism and its grammars load with the first code block in view, not with every page
 * (see src/lib/prism.ts and patches/prism-on-demand). The whole block waits,
 * not only its coloured lines: its word-wrap button measures the <pre> once
 * React has drawn it.
 *
 * The server bundle imports the highlighter eagerly (the plugin defines the
 * flag and the bundler drops the other branch), so the built HTML has every
 * block highlighted. A Suspense boundary is not used: React streams a large
 * boundary as its fallback plus hidden markup that an inline script swaps in,
 * which readers without JavaScript would never see.
 */
const SERVER_HIGHLIGHTER: Highlighter | null =
  process.env.PORTAL_SERVER_BUNDLE === 'true'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./Highlighted') as {default: Highlighter}).default
    : null;

if (process.env.PORTAL_SERVER_BUNDLE === 'true') {
  /* eslint-disable @typescript-eslint/no-require-imports -- server bundle only: the bundler drops this block from the browser's */
  registerSnippetLanguagesNow((require('@site/src/lib/prism') as typeof import('@site/src/lib/prism')).preparePrism(), () => {
    require('prismjs/components/prism-markup-templating.js');
    require('prismjs/components/prism-php.js');
    require('prismjs/components/prism-java.js');
    require('prismjs/components/prism-csharp.js');
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
}

let loaded: Highlighter | null = SERVER_HIGHLIGHTER;
let loading: Promise<Highlighter> | undefined;

/** Fetches the highlighter once; pages that will draw code blocks may start it early. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./Highlighted').then((module) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
}

/**
 * What a code block shows while the highlighter is on its way, after moving
 * to another page in the browser: the same code in a code box, uncoloured.
 */
function PlainCode({children, className}: Props): ReactNode {
  return (
    <div className={clsx('theme-code-block', 'margin-bottom--lg', className)}>
      <pre tabIndex={0} className="prism-code thin-scrollbar">
        <code className={styles.plainLines}>{children.replace(/\n$/, '')}</code>
      </pre>
    </div>
  );
}

/** The block's language: its `language` prop or its `language-x` class. */
function languageOf({language, className}: Props): string {
  return language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1] ?? '';
}

export default function CodeBlockString(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // Mounted while the page hydrates: the block's server HTML is already on
  // screen, highlighted, and is kept as it is until the highlighter arrives.
  const [fromServer] = useState(() => !isBrowser);
  // A block in PHP, Java or C# (the server samples) also waits for those grammars.
  const needsGrammar = SNIPPET_LANGUAGES.includes(languageOf(props));
  const [Highlighted, setHighlighted] = useState<Highlighter | null>(() => (needsGrammar && !snippetLanguagesReady() ? null : loaded));

  const host = useRef<HTMLDivElement>(null);

  // The highlighter is fetched once the block is on screen or close to it. A
  // block in a closed tab (the API reference's response examples) or far
  // down the page keeps its server HTML or plain code until then, and a page
  // whose blocks nobody has seen yet does not evaluate Prism at all.
  useEffect(() => {
    if (Highlighted !== null) return undefined;
    let mounted = true;
    const load = (): void => {
      void Promise.all([loadHighlighter(), needsGrammar ? registerSnippetLanguages() : undefined]).then(([component]) => {
        if (mounted) setHighlighted(() => component);
      });
    };
    const box = host.current?.firstElementChild;
    if (box == null || typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        mounted = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      {rootMargin: '600px 0px'},
    );
    observer.observe(box);
    return () => {
      mounted = false;
      observer.disconnect();
    };
  }, [Highlighted, needsGrammar]);

  if (Highlighted !== null) {
    return (
      <div className={styles.host}>
        <Highlighted {...props} />
      </div>
    );
  }
  if (fromServer) {
    // React leaves an element's server HTML alone when it is given its
    // markup as an (empty) inner HTML: nothing here is hydrated or replaced.
    return <div ref={host} className={styles.host} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />;
  }
  return (
    <div ref={host} className={styles.host}>
      <PlainCode {...props} />
    </div>
  );
}
