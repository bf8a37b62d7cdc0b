/**
 * Link prefetching waits for idle time.
 *
 * Docusaurus prefetches the JavaScript of every internal link that scrolls
 * into view. As a page starts, the navbar, sidebar and pagination links all
 * come into view at once, and their prefetches ran in one task of 80-110 ms on
 * a throttled phone, just after hydration. Here each prefetch is queued and
 * run when the browser is idle (a short timer where requestIdleCallback is
 * missing), a few at a time; hover preloads and navigation are untouched.
 */
type Prefetch = (routePath: string) => false | Promise<void[]>;
interface DocusaurusGlobal {
  readonly prefetch: Prefetch;
  readonly preload: (routePath: string) => false | Promise<void[]>;
}

type IdleDeadline = {timeRemaining(): number};
type IdleWindow = Omit<Window, 'docusaurus'> & {
  docusaurus?: DocusaurusGlobal;
  requestIdleCallback?: (callback: (deadline: IdleDeadline) => void, options?: {timeout: number}) => number;
};

interface Queued {
  readonly routePath: string;
  readonly done: (result: void[]) => void;
}

const queue: Queued[] = [];
let scheduled = false;
let installed = false;

function whenIdle(w: IdleWindow, run: (deadline: IdleDeadline) => void): void {
  if (typeof w.requestIdleCallback === 'function') {
    w.requestIdleCallback(run, {timeout: 3000});
  } else {
    setTimeout(() => run({timeRemaining: () => 8}), 50);
  }
}

/** One idle callback at a time; it runs at least one prefetch, more while the period lasts. */
function schedule(w: IdleWindow, prefetch: Prefetch): void {
  if (scheduled) return;
  scheduled = true;
  whenIdle(w, (deadline) => {
    scheduled = false;
    do {
      const next = queue.shift();
      if (next === undefined) return;
      const result = prefetch(next.routePath);
      if (result === false) next.done([]);
      else void result.then(next.done, () => next.done([]));
    } while (deadline.timeRemaining() > 4);
    if (queue.length > 0) schedule(w, prefetch);
  });
}

/** Replaces window.docusaurus (a frozen object) with one whose prefetch is queued. */
export function installIdlePrefetch(w: IdleWindow): boolean {
  const original = w.docusaurus;
  if (installed || original === undefined) return false;
  installed = true;
  const prefetch = original.prefetch.bind(original);
  w.docusaurus = Object.freeze({
    ...original,
    prefetch: (routePath: string) =>
      new Promise<void[]>((done) => {
        queue.push({routePath, done});
        schedule(w, prefetch);
      }),
  });
  return true;
}

// Client-module lifecycle: runs after the first render has been committed,
// once window.docusaurus exists and before any link's observer has fired.
export function onRouteDidUpdate(): void {
  installIdlePrefetch(window as unknown as IdleWindow);
}
