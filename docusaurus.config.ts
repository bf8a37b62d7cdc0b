import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {loadPortalConfig} from './src/lib/config';
import {REFERENCE_CHANNELS} from './src/lib/openapi/contracts';
import referenceChunks from './plugins/reference-chunks';

// Everything that changes between environments comes from one typed module
// (src/lib/config.ts); see .env.example for the variables and their defaults.
const portal = loadPortalConfig(process.env);

/** The portal's channels, in navbar order; each has a sidebar of the same id. */
const CHANNELS = [
  {id: 'vpost', label: 'Variables POST'},
  {id: 'rest', label: 'REST'},
  {id: 'apirest', label: 'API REST'},
  {id: 'tcrest', label: 'REST tarjetas'},
  {id: 'soap', label: 'SOAP'},
  {id: 'plugins', label: 'Plugins'},
] as const;

/**
 * The API reference channels (REFERENCE_CHANNELS): each is a docs-plugin
 * instance of its own (folder reference/<id>/, sidebar src/sidebars/<id>.ts)
 * rendered with @theme/ApiItem, so ordinary pages never load the API theme's
 * JavaScript. `npm run gen:api` writes the pages generated from
 * openapi/<id>.yaml into reference/<id>/gen/ (src/lib/openapi/generation.ts).
 */
const isReference = (id: string): boolean => (REFERENCE_CHANNELS as readonly string[]).includes(id);

const config: Config = {
  title: `Integraciones ${portal.productName}`,
  tagline: 'Pagos por formulario POST, REST, REST de tarjetas, SOAP y plugins de comercio electrónico',
  favicon: 'img/favicon.svg',
  url: process.env.SITE_URL ?? 'http://localhost:3000',
  baseUrl: '/',
  trailingSlash: false,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },

  future: {
    v4: true,
    // Rspack, SWC and Lightning CSS: a cold build of both locales stays short on 2 cores.
    faster: true,
  },

  i18n: {
    defaultLocale: 'es',
    locales: ['es', 'en'],
    localeConfigs: {
      es: {label: 'Español', htmlLang: 'es-CO'},
      en: {label: 'English', htmlLang: 'en'},
    },
  },

  customFields: {portal},

  presets: [
    [
      'classic',
      {
        docs: {
          // Channels keep the old portal's paths: /vpost, /rest, ...
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          showLastUpdateTime: false,
        },
        blog: false,
        theme: {customCss: ['./src/css/custom.css', './src/css/api-sidebar.css']},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ['@docusaurus/plugin-client-redirects', {redirects: [{from: '/', to: '/vpost'}]}],
    // The API theme's JavaScript goes to reference pages only (see the plugin).
    referenceChunks,
    ...REFERENCE_CHANNELS.map((id) => [
      '@docusaurus/plugin-content-docs',
      {
        id,
        path: `reference/${id}`,
        routeBasePath: id,
        sidebarPath: `./src/sidebars/${id}.ts`,
        docItemComponent: '@theme/ApiItem',
        showLastUpdateTime: false,
      },
    ]),
  ],

  themes: ['@docusaurus/theme-mermaid', 'docusaurus-theme-openapi-docs'],

  themeConfig: {
    navbar: {
      title: `Integraciones ${portal.productName}`,
      logo: {alt: `Integraciones ${portal.productName}`, src: 'img/logo.svg', href: '/vpost'},
      items: [
        ...CHANNELS.map((channel) => ({
          type: 'docSidebar' as const,
          sidebarId: channel.id,
          ...(isReference(channel.id) ? {docsPluginId: channel.id} : {}),
          label: channel.label,
          position: 'left' as const,
        })),
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Canales',
          items: CHANNELS.map((channel) => ({label: channel.label, to: `/${channel.id}`})),
        },
        {
          title: 'Soporte',
          items: [
            {label: portal.supportEmail, href: `mailto:${portal.supportEmail}`},
          ],
        },
      ],
      copyright: `Integraciones ${portal.productName}`,
    },
    docs: {sidebar: {hideable: true}},
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['php', 'bash', 'json', 'java', 'csharp'],
    },
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
  } satisfies Preset.ThemeConfig,
};

export default config;
