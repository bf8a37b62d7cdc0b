// @ts-check
/**
 * A Jest reporter that prints, after the run, how many samples each
 * language's own interpreter or compiler executed against the sandbox
 * (tests/samples). The tests write their counts into
 * node_modules/.cache/portal-sample-counts (server/testSupport/sampleLanguages.ts).
 */
const {readdirSync, readFileSync, rmSync} = require('node:fs');
const {join} = require('node:path');

const LABELS = {curl: 'curl', php: 'PHP', node: 'Node.js', python: 'Python', java: 'Java', csharp: 'C#'};

class SampleCountReporter {
  /** @param {{rootDir: string}} globalConfig */
  constructor(globalConfig) {
    this.dir = join(globalConfig.rootDir, 'node_modules', '.cache', 'portal-sample-counts');
  }

  onRunStart() {
    rmSync(this.dir, {recursive: true, force: true});
  }

  onRunComplete() {
    /** @type {Record<string, number>} */
    const total = {};
    let files = [];
    try {
      files = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const file of files) {
      const counts = JSON.parse(readFileSync(join(this.dir, file), 'utf8'));
      for (const [id, n] of Object.entries(counts)) total[id] = (total[id] ?? 0) + Number(n);
    }
    const line = Object.keys(LABELS)
      .map((id) => `${LABELS[/** @type {keyof typeof LABELS} */ (id)]} ${total[id] ?? 0}`)
      .join(', ');
    process.stdout.write(`\nSamples executed against the sandbox, per language: ${line}\n`);
  }
}

module.exports = SampleCountReporter;
