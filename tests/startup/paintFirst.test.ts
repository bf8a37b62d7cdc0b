/**
 * @jest-environment jsdom
 */
import {COMPILE_HINT, deferToFirstPaint, loaderScript, withCompileHint} from '@site/plugins/paint-first';

// The head Docusaurus writes (minified: attribute quotes dropped).
const PAGE =
  '<!doctype html><html><head><meta charset=UTF-8><title>T</title>' +
  '<link rel=stylesheet href=/assets/css/styles.1.css>' +
  '<script src=/assets/js/runtime~main.2.js defer></script>' +
  '<script src=/assets/js/main.3.js defer></script>' +
  '</head><body><div id=__docusaurus><p>Hola</p></div></body></html>';

describe('deferToFirstPaint', () => {
  const out = deferToFirstPaint(PAGE);

  it('takes out the deferred scripts and preloads the same files, low priority, in their place', () => {
    expect(out).not.toMatch(/<script[^>]*\bsrc=/);
    const preloads = [...out.matchAll(/<link rel=preload href="([^"]+)" as=script fetchpriority=low>/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/js/runtime~main.2.js', '/assets/js/main.3.js']);
    // Still in the head, after the stylesheet, so CSS is asked for first.
    expect(out.indexOf('rel=preload')).toBeGreaterThan(out.indexOf('rel=stylesheet'));
    expect(out.indexOf('rel=preload')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves the rest of the page as it was', () => {
    expect(out.replace(/<link rel=preload[^>]*>/g, '').replace(/<script>[\s\S]*?<\/script>/, '')).toBe(
      PAGE.replace(/<script src=[^>]*><\/script>/g, ''),
    );
  });

  it('leaves pages without deferred scripts alone (client redirects, inline-only pages)', () => {
    const redirect = '<html><head><meta http-equiv=refresh content="0; url=/vpost"><script>location.replace("/vpost")</script></head></html>';
    expect(deferToFirstPaint(redirect)).toBe(redirect);
    const module = '<html><head><script type=module src=/m.js defer></script></head></html>';
    expect(deferToFirstPaint(module)).toBe(module);
  });

  it('is idempotent and gives every page of a build the same loader (one CSP hash per locale)', () => {
    expect(deferToFirstPaint(out)).toBe(out);
    const other = deferToFirstPaint(PAGE.replace('<p>Hola</p>', '<p>Otra página</p>'));
    const loader = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader(other)).toBe(loader(out));
  });

  it('escapes "<" in file names so no name can close the loader script', () => {
    expect(loaderScript(['/a</script><script>alert(1)//.js'])).not.toContain('</script>');
  });
});

describe('the loader in a browser', () => {
  type PaintCallback = (list: {getEntriesByName(name: string): unknown[]}, observer: {disconnect(): void}) => void;
  let observers: PaintCallback[];

  beforeEach(() => {
    jest.useFakeTimers();
    observers = [];
    document.head.innerHTML = '';
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: PaintCallback) {}
      observe(): void {
        observers.push(this.callback);
      }
    }
    (window as unknown as {PerformanceObserver: unknown}).PerformanceObserver = FakeObserver;
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const appended = () => [...document.head.querySelectorAll('script')].map((s) => ({src: s.getAttribute('src'), async: s.async}));
  const paint = () => observers.forEach((notify) => notify({getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : [])}, {disconnect() {}}));

  function runLoader(): void {
    // The page has been parsed (jsdom's readyState is "complete").
    new Function(loaderScript(['/runtime.js', '/main.js']))();
  }

  it('starts the scripts, in order and not async, only after the first contentful paint', () => {
    runLoader();
    jest.advanceTimersByTime(100);
    expect(appended()).toEqual([]);
    paint();
    jest.advanceTimersByTime(0);
    expect(appended()).toEqual([
      {src: '/runtime.js', async: false},
      {src: '/main.js', async: false},
    ]);
  });

  it('does not wait for a paint that does not come: three seconds at most', () => {
    runLoader();
    jest.advanceTimersByTime(2990);
    expect(appended()).toEqual([]);
    jest.advanceTimersByTime(20);
    expect(appended()).toHaveLength(2);
  });

  it('adds the scripts once, even when the paint and the time limit both come', () => {
    runLoader();
    paint();
    jest.advanceTimersByTime(5000);
    expect(appended()).toHaveLength(2);
  });
});

describe('the compile hint of the entry bundles', () => {
  it('is the first line, added once', () => {
    const script = '(self.webpackChunk=self.webpackChunk||[]).push([[1],{}]);';
    const hinted = withCompileHint(script);
    expect(hinted.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(hinted.endsWith(script)).toBe(true);
    expect(withCompileHint(hinted)).toBe(hinted);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
