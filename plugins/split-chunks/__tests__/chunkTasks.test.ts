/**
 * plugins/split-chunks/chunkTasks.ts, the main bundle's entry: Docusaurus's
 * client entry starts in a later task than the one that runs the entry, and
 * once a lazily loaded chunk has loaded, the modules it completes run in a
 * later task, not in the task of the chunk's script; a chunk that fails to
 * load still fails.
 */
type Runtime = {e: (chunkId: string | number) => Promise<unknown>};
const scope = globalThis as unknown as {__webpack_require__?: Runtime};
const mockStarted: string[] = [];
jest.mock('@portal/client-entry', () => mockStarted.push('Docusaurus client'), {virtual: true});

/** The bundler's chunk loader as the entry finds it, with the entry run. */
function withEntry(load: Runtime['e']): Runtime {
  scope.__webpack_require__ = {e: load};
  jest.isolateModules(() => {
    require('../chunkTasks');
  });
  return scope.__webpack_require__;
}

const microtasks = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  mockStarted.length = 0;
});
afterEach(() => {
  delete scope.__webpack_require__;
});

test("Docusaurus's client starts in a task after the one that runs the main bundle's entry", async () => {
  withEntry(async () => undefined);
  await microtasks();
  expect(mockStarted).toEqual([]);
  await nextTask();
  expect(mockStarted).toEqual(['Docusaurus client']);
});

test('a loaded chunk resolves in a later task, after the microtasks of the one that loaded it', async () => {
  const requested: (string | number)[] = [];
  const runtime = withEntry(async (chunkId) => {
    requested.push(chunkId);
  });
  let ran = false;
  const route = runtime.e('reference').then(() => {
    ran = true;
  });
  await microtasks();
  expect(requested).toEqual(['reference']);
  expect(ran).toBe(false);
  await nextTask();
  await route;
  expect(ran).toBe(true);
});

test('a chunk that fails to load rejects with its error, as it did', async () => {
  const failure = new Error('Loading chunk reference failed.');
  const runtime = withEntry(() => Promise.reject(failure));
  await expect(runtime.e('reference')).rejects.toBe(failure);
});
