import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {REST_SIDEBAR, REST_SIDEBAR_EXTRA} from '../../core/data/apiSidebar';
import {referenceSidebar} from '../lib/apiSidebars';

/** Sidebar of the /rest reference instance: the documentation sidebar (core/data/apiSidebar.ts). */
const sidebars: SidebarsConfig = {
  rest: referenceSidebar('Servicios REST', [...REST_SIDEBAR, ...REST_SIDEBAR_EXTRA], {
    'confirmacion-transaccion': 'confirmacion-transaccion',
  }),
};

export default sidebars;
