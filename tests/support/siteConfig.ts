import type {Config} from '@docusaurus/types';

/**
 * The site config as Docusaurus loads it for one build: it sets
 * DOCUSAURUS_CURRENT_LOCALE while it builds each locale and reloads the
 * config, so the config is read afresh with the given environment. A
 * variable given as undefined is unset for the read (process.env would
 * otherwise hold the string "undefined").
 */
export function configFor(env: Record<string, string | undefined>): Config {
  const saved = {...process.env};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    let loaded: Config | undefined;
    jest.isolateModules(() => {
      loaded = (require('../../docusaurus.config') as {default: Config}).default;
    });
    return loaded!;
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}
