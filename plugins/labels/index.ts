/**
 * Local plugin: the labels that tables and cards show (enumeration meanings,
 * result codes, payment-method names, card texts) are data, not TypeScript.
 *
 * - Writers edit the Spanish text in core/data/labels/<topic>.json (nested
 *   objects of strings; `{id}` stands for a value the component fills in).
 * - Translators edit i18n/en/portal-labels/<topic>.json, a Docusaurus
 *   translation file (`npm run translations:write` adds new labels with
 *   "TODO: "; each entry's description holds the Spanish text it translates,
 *   so a changed Spanish label shows in `npm run translations:check`).
 * - Components import `@portal/labels/<topic>.json`: the labels of the locale
 *   being built, so a page ships only its own topic in its own language.
 * - The server's words are topics too (sandboxPages, sandboxErrors, server,
 *   mcpPrompts, sandboxListener, certification) and so are the manual's (manual): the server and the manuals
 *   plugin read them in the project folder (core/node/texts.ts), so they go
 *   through the same translation files and checks as every other label.
 */
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin, TranslationFile} from '@docusaurus/types';
import {LABELS_DIR} from '../../core/node/texts';
import {flatten, type Labels} from '../../core/texts';

export {LABELS_DIR};
export {flatten};

type Topics = Record<string, Labels>;

/** The topic with every label replaced by its translation, where there is one. */
export function translate(labels: Labels, messages: Record<string, {message: string}>, prefix = ''): Labels {
  return Object.fromEntries(
    Object.entries(labels).map(([key, value]) => [key, typeof value === 'string' ? (messages[prefix + key]?.message ?? value) : translate(value, messages, `${prefix}${key}.`)]),
  );
}

export default function labelsPlugin(context: LoadContext): Plugin<Topics> {
  let generated = '';
  return {
    name: 'portal-labels',
    async loadContent() {
      const dir = join(context.siteDir, LABELS_DIR);
      const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
      const topics: Topics = {};
      for (const file of files) {
        const labels = JSON.parse(await readFile(join(dir, file), 'utf8')) as Labels;
        flatten(labels); // rejects anything but text
        topics[file.replace(/\.json$/, '')] = labels;
      }
      return topics;
    },
    getTranslationFiles({content}) {
      return Object.entries(content).map(([topic, labels]) => ({
        path: topic,
        content: Object.fromEntries(Object.entries(flatten(labels)).map(([id, text]) => [id, {message: text, description: text}])),
      }));
    },
    translateContent({content, translationFiles}) {
      const byTopic = new Map(translationFiles.map((file: TranslationFile) => [file.path, file.content]));
      return Object.fromEntries(Object.entries(content).map(([topic, labels]) => [topic, translate(labels, byTopic.get(topic) ?? {})]));
    },
    async contentLoaded({content, actions}) {
      for (const [topic, labels] of Object.entries(content)) {
        const path = await actions.createData(`${topic}.json`, JSON.stringify(labels));
        generated = join(path, '..');
      }
    },
    configureWebpack() {
      return {resolve: {alias: {'@portal/labels': generated}}};
    },
  };
}
