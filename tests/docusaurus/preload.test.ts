/**
 * @jest-environment node
 */
// The client entry's preload (plugins/docusaurus-client): Docusaurus' own,
// for the same path, started from the next task rather than inside the one
// that evaluates the main bundle; what it loads, or why it fails, is passed on.
import original from '@portal/original/preload';
import preload from '../../src/lib/docusaurus/preload';

jest.mock('@portal/original/preload', () => ({__esModule: true, default: jest.fn()}));

const docusaurusPreload = jest.mocked(original);

beforeEach(() => docusaurusPreload.mockReset());

it('asks Docusaurus for the same path, once the current task is over', async () => {
  docusaurusPreload.mockResolvedValue(['ApiItem', 'content']);
  const order: string[] = [];
  const loaded = preload('/rest/autenticacion').then((value) => {
    order.push('preloaded');
    return value;
  });
  // Everything queued by the running task (its microtasks) settles first.
  await Promise.resolve();
  await Promise.resolve();
  expect(docusaurusPreload).not.toHaveBeenCalled();
  setTimeout(() => order.push('a task queued after the call'), 0);
  await expect(loaded).resolves.toEqual(['ApiItem', 'content']);
  expect(docusaurusPreload).toHaveBeenCalledTimes(1);
  expect(docusaurusPreload).toHaveBeenCalledWith('/rest/autenticacion');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(order).toEqual(['preloaded', 'a task queued after the call']);
});

it('passes on a failure to load the route', async () => {
  docusaurusPreload.mockRejectedValue(new Error('ChunkLoadError: Loading chunk 5167 failed.'));
  await expect(preload('/vpost/integracion')).rejects.toThrow('ChunkLoadError: Loading chunk 5167 failed.');
});
