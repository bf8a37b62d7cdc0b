import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * One sidebar per channel: the channel's "vertical menu". The navbar has one
 * item per sidebar (docusaurus.config.ts, CHANNELS). The API reference channels
 * (rest, apirest, tcrest) are docs instances of their own: src/sidebars/.
 */
const sidebars: SidebarsConfig = {
  vpost: [
    {type: 'doc', id: 'vpost/index', label: 'Variables POST'},
    'vpost/informacion',
    'vpost/integracion',
    'vpost/terminal',
  ],
  soap: ['soap/index'],
  plugins: ['plugins/index'],
};

export default sidebars;
