/** Jest stand-in for @docusaurus/useIsBrowser: components under test run in a (jsdom) browser. */
export default function useIsBrowser(): boolean {
  return true;
}
