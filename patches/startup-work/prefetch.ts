// Stands in for @docusaurus/core/lib/client/prefetch (see ./index.ts): the
// same <link rel="prefetch">, appended when the browser is idle, one per idle
// period, so the links that come into view as the page hydrates do not add
// their appends to that task.
const queue: (() => void)[] = [];

const whenIdle: (run: () => void) => void =
  typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run, {timeout: 3000}) : (run) => setTimeout(run, 200);

function next(): void {
  queue.shift()?.();
  if (queue.length > 0) whenIdle(next);
}

export default function prefetch(url: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return new Promise<void>((resolve) => {
    queue.push(() => {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      // A failed prefetch is in the console already; the page needs nothing more.
      link.onload = link.onerror = () => resolve();
      document.head.appendChild(link);
    });
    if (queue.length === 1) whenIdle(next);
  });
}
