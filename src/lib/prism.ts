import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

let prepared = false;

/**
 * The highlighter with the site's additional languages (themeConfig.prism:
 * bash, json) registered, once. theme-classic registers them from a client
 * module at start-up, which puts Prism (about 20 KB gzipped, and a third of
 * the main bundle's start-up work on a throttled phone) on every page;
 * patches/prism-on-demand turns that module off, and the code that highlights
 * calls this instead: code blocks (src/theme/CodeBlock/Content) and the API
 * reference.
 */
export function preparePrism(): typeof Prism {
  if (!prepared) {
    prepared = true;
    prismIncludeLanguages(Prism);
  }
  return Prism;
}
