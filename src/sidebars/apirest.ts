import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {APIREST_SIDEBAR} from '../../core/data/apiSidebar';
import {referenceSidebar} from '../lib/apiSidebars';

/** Sidebar of the /apirest reference instance: authentication and the reconciliation GET. */
const sidebars: SidebarsConfig = {
  apirest: referenceSidebar('API REST', APIREST_SIDEBAR),
};

export default sidebars;
