/**
 * The main bundle's entry in place of Docusaurus's (aliased `@portal/client-entry` by index.ts): its
 * client starts in the task after the one that runs the bundle's script (together they were one long
 * task on every page). Likewise the modules that a lazily loaded chunk completes run in a task of
 * their own, not in the chunk script's. The figures that keep both are in patches/README.md.
 */
declare const __webpack_require__: {e: (chunkId: string | number) => Promise<unknown>};
const load = __webpack_require__.e;
__webpack_require__.e = (chunkId) => load(chunkId).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
setTimeout(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() keeps the entry in the main bundle; import() would split it into a chunk of its own.
  require('@portal/client-entry');
}, 0);
export {};
