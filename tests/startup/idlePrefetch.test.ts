/**
 * @jest-environment jsdom
 */
type Module = typeof import('@site/src/clientModules/idlePrefetch');

interface FakeWindow {
  docusaurus?: {prefetch: (path: string) => false | Promise<void[]>; preload: (path: string) => false | Promise<void[]>};
  requestIdleCallback?: (run: (deadline: {timeRemaining(): number}) => void) => number;
}

function setUp(): {module: Module; w: FakeWindow; prefetched: string[]; idle: Array<(deadline: {timeRemaining(): number}) => void>} {
  let module!: Module;
  jest.isolateModules(() => {
    module = require('@site/src/clientModules/idlePrefetch') as Module;
  });
  const prefetched: string[] = [];
  const idle: Array<(deadline: {timeRemaining(): number}) => void> = [];
  const preload = jest.fn(() => false as const);
  const w: FakeWindow = {
    docusaurus: Object.freeze({
      prefetch: (path: string) => {
        prefetched.push(path);
        return Promise.resolve([]);
      },
      preload,
    }),
    requestIdleCallback: (run) => idle.push(run),
  };
  return {module, w, prefetched, idle};
}

describe('link prefetching in idle time', () => {
  it('queues the prefetches of links that come into view and runs them when the browser is idle', async () => {
    const {module, w, prefetched, idle} = setUp();
    expect(module.installIdlePrefetch(w as never)).toBe(true);
    const done = Promise.all(['/rest', '/soap', '/plugins'].map((path) => w.docusaurus!.prefetch(path)));
    expect(prefetched).toEqual([]);
    // An idle period with time for one prefetch, then one with time for the rest.
    let left = 0;
    idle.shift()!({timeRemaining: () => left});
    expect(prefetched).toEqual(['/rest']);
    left = 50;
    idle.shift()!({timeRemaining: () => left});
    expect(prefetched).toEqual(['/rest', '/soap', '/plugins']);
    await expect(done).resolves.toHaveLength(3);
  });

  it('keeps hover preloads as they are and installs itself once', () => {
    const {module, w} = setUp();
    const preload = w.docusaurus!.preload;
    module.installIdlePrefetch(w as never);
    expect(w.docusaurus!.preload).toBe(preload);
    const installed = w.docusaurus;
    expect(module.installIdlePrefetch(w as never)).toBe(false);
    expect(w.docusaurus).toBe(installed);
  });

  it('falls back to a short timer where requestIdleCallback is missing', () => {
    jest.useFakeTimers();
    try {
      const {module, w, prefetched} = setUp();
      delete w.requestIdleCallback;
      module.installIdlePrefetch(w as never);
      void w.docusaurus!.prefetch('/apirest');
      expect(prefetched).toEqual([]);
      jest.advanceTimersByTime(60);
      expect(prefetched).toEqual(['/apirest']);
    } finally {
      jest.useRealTimers();
    }
  });
});
