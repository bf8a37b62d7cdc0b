/**
 * @jest-environment node
 */
// Every label and server sentence of core/data/labels is a template (core/texts.ts): `{name}` is a
// value the code fills in, backticks enclose code. Its English in i18n/en/portal-labels must keep the
// same values (a value left out is lost, one added is never filled) and close every code span it
// opens (an open one would swallow the rest of the sentence into code).
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ENGLISH_LABELS_DIR, LABELS_DIR, spanishTopic} from '../../core/node/texts';
import {backticks, placeholders} from '../../core/texts';
import {ROOT} from '../support/englishPages';

const topics = readdirSync(join(ROOT, LABELS_DIR))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''));

/** What is wrong with one template, or null. */
function templateProblem(spanish: string, english: string): string | null {
  if (backticks(spanish) % 2 !== 0) return `the Spanish leaves a code span open: ${spanish}`;
  if (backticks(english) % 2 !== 0) return `the English leaves a code span open: ${english}`;
  const want = placeholders(spanish).join(', ');
  const got = placeholders(english).join(', ');
  return want === got ? null : `the English has {${got}} where the Spanish has {${want}}: ${english}`;
}

describe('the templates of every topic', () => {
  it('are found: the table labels and the server sentences', () => {
    expect(topics).toEqual(expect.arrayContaining(['enumerations', 'sandboxPages', 'sandboxErrors', 'server', 'mcpPrompts', 'manual']));
  });

  // Failing? Give the English entry the same {values} as its Spanish, and close every backtick.
  it.each(topics.map((topic) => [topic]))('%s: the English keeps the Spanish values and closes its code spans', (topic) => {
    const file = join(ROOT, ENGLISH_LABELS_DIR, `${topic}.json`);
    const english = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, {message: string}>) : {};
    const problems = Object.entries(spanishTopic(topic, ROOT)).flatMap(([id, text]) => {
      const message = english[id]?.message;
      const problem = templateProblem(text, message === undefined || message.startsWith('TODO: ') ? text : message);
      return problem === null ? [] : [`${id}: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it('finds a value left out, a value added and an open code span', () => {
    expect(templateProblem('Falta `{name}`.', '`{name}` is missing.')).toBeNull();
    expect(templateProblem('Falta `{name}`.', 'It is missing.')).toContain('{} where the Spanish has {name}');
    expect(templateProblem('Falta.', 'The {name} is missing.')).toContain('{name} where the Spanish has {}');
    expect(templateProblem('Falta `{name}`.', '`{name} is missing.')).toContain('code span open');
  });
});
