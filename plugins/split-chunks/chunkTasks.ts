/**
 * Client module: the modules that a lazily loaded chunk completes run in a task of their own, not in
 * the task of the chunk's script, where a route's all ran at once (on a reference page, the API
 * theme's store and schema components with the page's MDX: 10 to 17 ms of this host's time).
 */
declare const __webpack_require__: {e: (chunkId: string | number) => Promise<unknown>};
const load = typeof window === 'undefined' ? undefined : __webpack_require__.e;
if (load !== undefined) __webpack_require__.e = (chunkId) => load(chunkId).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
export {};
