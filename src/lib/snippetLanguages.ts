/**
 * Prism grammars that only some code uses: the reference's code snippets and
 * the server samples of the guides (samples/<language>/: PHP, Java, C#).
 * Registered on the first request panel, or with the first code block in one
 * of these languages, instead of through themeConfig.prism.additionalLanguages,
 * which puts them in every page's bundle (about 6 KB gzipped). Prism's
 * component files extend the instance found on globalThis, as theme-classic's
 * prism-include-languages does.
 */
export const SNIPPET_LANGUAGES: readonly string[] = ['php', 'java', 'csharp'];

let registered: Promise<void> | undefined;
let ready = false;

/** True once the grammars are registered. */
export function snippetLanguagesReady(): boolean {
  return ready;
}

export function registerSnippetLanguages(): Promise<void> {
  registered ??= (async () => {
    // Prism itself is fetched here too: a reference page does not evaluate it as it starts.
    const {preparePrism} = await import('@site/src/lib/prism');
    const Prism = preparePrism();
    const scope = globalThis as {Prism?: unknown};
    const before = scope.Prism;
    scope.Prism = Prism;
    try {
      await import('prismjs/components/prism-markup-templating.js');
      await import('prismjs/components/prism-php.js');
      await import('prismjs/components/prism-java.js');
      await import('prismjs/components/prism-csharp.js');
      ready = true;
    } finally {
      if (before === undefined) delete scope.Prism;
      else scope.Prism = before;
    }
  })();
  return registered;
}

/**
 * The same, at once, for the server bundle, which highlights every block into the built HTML. `load` requires
 * the grammars' files: it is written where the server-bundle flag guards it (CodeBlock/Content/String.tsx), so
 * the browser's bundle, where the flag is false, holds no grammar beside the code blocks every page may load.
 */
export function registerSnippetLanguagesNow(Prism: unknown, load: () => void): void {
  if (ready) return;
  const scope = globalThis as {Prism?: unknown};
  const before = scope.Prism;
  scope.Prism = Prism;
  try {
    load();
    ready = true;
    registered = Promise.resolve();
  } finally {
    if (before === undefined) delete scope.Prism;
    else scope.Prism = before;
  }
}
