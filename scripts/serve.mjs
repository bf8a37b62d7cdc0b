#!/usr/bin/env node
// `npm run serve`: starts the utils service (server/) on the built site. It
// builds nothing, so it says what to run when the build is not there.
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';

const entry = new URL('../server/dist/server/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('Cannot start: the server is not built. Run "npm run build" first (or "npm start", which builds and serves).');
  process.exit(1);
}
createRequire(import.meta.url)(entry.pathname);
