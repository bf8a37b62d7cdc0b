/**
 * Prism grammars that only the reference's code snippets use (PHP, Java, C#).
 * Registered on the first request panel instead of through
 * themeConfig.prism.additionalLanguages, which puts them in every page's
 * bundle (about 6 KB gzipped). Prism's component files extend the instance
 * found on globalThis, as theme-classic's prism-include-languages does.
 */
let registered: Promise<void> | undefined;

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
    } finally {
      if (before === undefined) delete scope.Prism;
      else scope.Prism = before;
    }
  })();
  return registered;
}
