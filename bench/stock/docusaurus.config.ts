import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

// A stock Docusaurus docs site (classic preset, defaults), built in the same
// `npm run bench` run as the portal so that the two are compared on one machine.
const config: Config = {
  title: 'Stock site',
  url: 'http://localhost',
  baseUrl: '/',
  future: {v4: true},
  presets: [['classic', {docs: {sidebarPath: undefined}, blog: false} satisfies Preset.Options]],
  themeConfig: {navbar: {title: 'Stock site', items: [{type: 'docSidebar', sidebarId: 'defaultSidebar', label: 'Docs'}]}} satisfies Preset.ThemeConfig,
};

export default config;
