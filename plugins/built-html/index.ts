/**
 * The edits of the built pages, one after the other.
 *
 * Docusaurus runs every plugin's postBuild at the same time. Two edits of the
 * same HTML files in two plugins would race (each reads a page, changes it and
 * writes it back, and one change is lost), so the site's edits live here, in
 * order: first the reference pages link their stylesheet (split-chunks), then
 * every page gets its scripts started after the first paint (paint-first).
 * Files are replaced whole (./files.ts), so the search index and the PDF
 * manuals, which read the pages in the same phase, never see half a file.
 */
import type {Plugin} from '@docusaurus/types';
import {linkReferenceStyles} from '../split-chunks';
import {paintFirst} from '../paint-first';

export default function builtHtml(): Plugin {
  return {
    name: 'portal-built-html',
    async postBuild({outDir}) {
      await linkReferenceStyles(outDir);
      await paintFirst(outDir);
    },
  };
}
