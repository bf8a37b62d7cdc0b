import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {TCREST_SIDEBAR} from '../../core/data/apiSidebar';
import {referenceSidebar} from '../lib/apiSidebars';

/** Sidebar of the /tcrest reference instance: the card REST API. */
const sidebars: SidebarsConfig = {
  tcrest: referenceSidebar('REST tarjetas', TCREST_SIDEBAR),
};

export default sidebars;
