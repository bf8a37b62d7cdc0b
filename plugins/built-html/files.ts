import {readdir, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';

/** Every .html file under a folder. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true}).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(path);
      return entry.name.endsWith('.html') ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * Replaces a built file in one step (write beside it, then rename): other
 * plugins read the built pages during the same postBuild phase (the search
 * index, the PDF manuals) and must never see a half-written file.
 */
export async function replaceFile(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
