import preload from '@portal/original/preload';

// Docusaurus' preload, for its client entry only (see plugins/docusaurus-client).

/** A promise settled by a task of its own, after the one running now. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/**
 * The route's components, loaded as Docusaurus' client entry asks, but from
 * the next task: the entry runs while the main bundle is evaluated, and the
 * script tags of the route's chunks no longer lengthen that task.
 */
export default function preloadInNextTask(pathname: string): Promise<unknown> {
  return nextTask().then(() => preload(pathname));
}
