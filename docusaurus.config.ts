import type {Config, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {normalizeUrl, simpleHash} from '@docusaurus/utils';
import {themes as prismThemes} from 'prism-react-renderer';
import {loadPortalConfig} from './core/config';
import {accessibleGithub} from './src/lib/prismTheme';
import {REFERENCE_CHANNELS} from './core/openapi/contracts';
import {LANGUAGE_TABS} from './src/lib/openapi/languageTabs';
import splitChunks from './plugins/split-chunks';
import labelsPlugin from './plugins/labels';
import soapContractPlugin from './plugins/soap-contract';
import manualsPlugin from './plugins/manuals';
import llmsTxtPlugin from './plugins/llms-txt';
import rehypeBrowserOnlyOut, {remarkAbsoluteLinks} from './plugins/llms-txt/tidy';
import openapiTheme from './patches/openapi-theme';
import prismOnDemand from './patches/prism-on-demand';
import localeCompareFree from './patches/locale-compare';
import afterHydrationInSlices from './patches/after-hydration';
import stackedTables from './src/lib/stackedTables';
import sampleFiles from './plugins/sample-files';
import {currentVersionOnly, versionOptions} from './core/node/docsVersions';
import {docsEditUrl, pageDates, pagesEditUrl} from './plugins/page-source';
import {RECORD_KEY} from './scripts/translations/blocks';

// Everything that changes between environments comes from one typed module
// (core/config.ts); see .env.example for the variables and their defaults.
const portal = loadPortalConfig(process.env);

// The site title has no translation file: Docusaurus sets DOCUSAURUS_CURRENT_LOCALE
// while it builds or starts each locale, its own workaround for translating the
// site config (facebook/docusaurus#4542). The navbar and footer show this title
// through src/theme (Navbar/Logo, Footer/Layout), so no translation file holds a
// copy of the product name that PRODUCT_NAME could contradict.
const LOCALE = process.env.DOCUSAURUS_CURRENT_LOCALE === 'en' ? 'en' : 'es';
const SITE_URL = process.env.SITE_URL ?? 'http://localhost:3000';
const SITE_TITLE = {es: `Integraciones ${portal.productName}`, en: `Integrations ${portal.productName}`}[LOCALE];

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
 * openapi/<id>.yaml into reference/<id>/gen/ (scripts/api/generation.ts).
 */
const isReference = (id: string): boolean => (REFERENCE_CHANNELS as readonly string[]).includes(id);

const config: Config = {
  title: SITE_TITLE,
  tagline: 'Pagos por formulario POST, REST, REST de tarjetas, SOAP y plugins de comercio electrónico',
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: '/',
  // One storage namespace for both locales, so a reader's colour mode, docs
  // version and tab choices follow them from Spanish to English and back.
  // `future.v4` derives one per base URL (so `/en/` had keys of its own); this
  // is the one it derives for the Spanish site, so choices saved there stay.
  storage: {namespace: simpleHash(normalizeUrl([SITE_URL, '/']), 3)},
  trailingSlash: false,

  // A writer's preview without the cut versions (CURRENT_VERSION_ONLY=true) keeps the
  // links to them, which lead nowhere there: a warning then, never in CI.
  onBrokenLinks: currentVersionOnly(process.env) ? 'warn' : 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
    // An English page records the Spanish it translates (`translated_from`, for
    // `npm test` and translators, scripts/translations/): never shipped with the page.
    parseFrontMatter: async (params) => {
      const result = await params.defaultParseFrontMatter(params);
      delete result.frontMatter[RECORD_KEY];
      return result;
    },
  },

  future: {
    v4: true,
    // Rspack, SWC and Lightning CSS: a cold build of both locales stays short on 2 cores.
    faster: true,
    // Each page's last-updated date, from one read of git (plugins/page-source).
    experimental_vcs: pageDates(),
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
          // Tables stack their rows on a phone (see the plugin).
          rehypePlugins: [stackedTables],
          // ```php file=samples/php/pago.php fences show the sample file the CI runs (see the plugin).
          remarkPlugins: [sampleFiles],
          // Every page ends with its last-updated date and a link to edit its file (plugins/page-source).
          showLastUpdateTime: true,
          editUrl: docsEditUrl(portal.repositoryEditUrl, 'default', __dirname),
          // Versions cut by `npm run version:cut` (contributing/versions.md): the current one keeps these paths.
          ...versionOptions('default'),
        },
        // Markdown pages (the sandbox's rules) stack their tables on a phone too.
        pages: {rehypePlugins: [stackedTables], showLastUpdateTime: true, editUrl: pagesEditUrl(portal.repositoryEditUrl)},
        blog: false,
        theme: {customCss: ['./src/css/custom.css', './src/css/icons.css', './src/css/tables.css', './src/css/api-sidebar.css', './src/css/api-reference.css']},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ['@docusaurus/plugin-client-redirects', {redirects: [{from: '/', to: '/vpost'}]}],
    // Each page downloads only its own JavaScript: the API theme's goes to
    // reference pages (see the plugin).
    splitChunks,
    // Table and card labels from core/data/labels, translated in i18n/<locale>/portal-labels.
    labelsPlugin as unknown as PluginModule,
    // Prism loads with the first code block, not with every page (patches/README.md).
    prismOnDemand,
    // No ICU collator while a docs page hydrates (patches/README.md).
    localeCompareFree,
    // What a page reads from the browser once hydrated is drawn in slices (patches/README.md).
    afterHydrationInSlices,
    // Reads static/soap/pagos.wsdl for the SOAP contract page and checks its examples.
    [soapContractPlugin, {productName: portal.productName}],
    // Machine-readable docs: every page (guides, API reference, the pages of src/pages) also as
    // Markdown beside its HTML (/vpost/integracion.md), and an llms.txt index per locale
    // (/llms.txt, /en/llms.txt), made after each locale's build by @signalwire/docusaurus-plugin-llms-txt
    // with these options; plugins/llms-txt writes the reference's twins from the contracts, the older
    // versions' notice and the index's order (current version first).
    [
      llmsTxtPlugin as unknown as PluginModule,
      {
        siteTitle: SITE_TITLE,
        siteDescription: {
          es: 'Guías y referencia de API para integrar pagos por formulario POST, REST, REST de tarjetas, SOAP y plugins.',
          en: 'Guides and API reference to integrate payments by POST form, REST, card REST, SOAP and plugins.',
        }[LOCALE],
        onRouteError: 'throw',
        content: {
          includeDocs: true,
          includePages: true,
          enableMarkdownFiles: true,
          excludeRoutes: ['**/search'],
          // React's <!-- --> between texts and the headings' "#" links are for the browser only.
          beforeDefaultRehypePlugins: [rehypeBrowserOnlyOut],
          // Absolute links (SITE_URL + the page's path): the Markdown copies are read outside the site.
          // The plugin's own absolute form (relativePaths: false) doubles the locale's base (/en/en/...).
          relativePaths: true,
          remarkPlugins: [[remarkAbsoluteLinks, {siteUrl: SITE_URL}]],
        },
      },
    ],
    // The PDF manuals that /enviomanuales sends, made from the built pages.
    manualsPlugin,
    ...REFERENCE_CHANNELS.map((id) => [
      '@docusaurus/plugin-content-docs',
      {
        id,
        path: `reference/${id}`,
        routeBasePath: id,
        sidebarPath: `./src/sidebars/${id}.ts`,
        docItemComponent: '@theme/ApiItem',
        rehypePlugins: [stackedTables],
        remarkPlugins: [sampleFiles],
        showLastUpdateTime: true,
        editUrl: docsEditUrl(portal.repositoryEditUrl, id, __dirname),
        ...versionOptions(id),
      },
    ]),
  ],

  themes: [
    // docusaurus-theme-openapi-docs, its stylesheet loaded by reference pages only (patches/README.md).
    openapiTheme,
    // Live code blocks (src/components/LiveSample, ```jsx live fences). Its CodeBlock is
    // replaced by src/theme/CodeBlock, which fetches react-live only for a live block.
    '@docusaurus/theme-live-codeblock',
    [
      // Offline full-text search, built at build time; the index is fetched
      // only when a person uses the search box, never with a guide page.
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['es', 'en'],
        docsRouteBasePath: ['/', ...REFERENCE_CHANNELS],
        docsDir: ['docs', ...REFERENCE_CHANNELS.map((id) => `reference/${id}`)],
        indexBlog: false,
        indexPages: false,
        highlightSearchTermsOnTargetPage: false,
        searchBarShortcutHint: false,
        searchResultLimits: 8,
        // A reference page's JSON examples (request bodies, responses, tokens) are in its HTML, in
        // hidden tabs: their names and values are in the schema beside them, the rest (sample
        // tokens, ciphertexts) is noise that made the index a quarter larger. Likewise the guides'
        // code blocks: whole programs in five languages (samples/<language>/), whose names are in
        // the tables and prose beside them (e2e/budgets.test.ts holds the index to 256 KB).
        ignoreCssSelectors: ['.openapi-code__code-samples-container', '.theme-code-block'],
      },
    ],
  ],

  themeConfig: {
    navbar: {
      // No title or logo alt here: src/theme/Navbar/Logo shows SITE_TITLE.
      // It draws this file inline (imported from static/img/logo.svg): change both together.
      logo: {src: 'img/logo.svg', href: '/vpost'},
      items: [
        ...CHANNELS.map((channel) => ({
          type: 'docSidebar' as const,
          sidebarId: channel.id,
          ...(isReference(channel.id) ? {docsPluginId: channel.id} : {}),
          label: channel.label,
          position: 'left' as const,
        })),
        // The docs version of the page being read, with the changelog (src/components/VersionDropdown).
        {type: 'custom-versionDropdown', position: 'right'},
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
            // html, not label: a label would become a translation key holding the configured
            // address. config.ts rejects addresses with quotes or angle brackets.
            {html: `<a class="footer__link-item" href="mailto:${portal.supportEmail}">${portal.supportEmail}</a>`},
            // The sandbox's rules page (src/pages/sandbox); it also says what happens with SANDBOX=off.
            {label: 'Entorno de pruebas local', to: '/sandbox'},
          ],
        },
      ],
      // The closing line is SITE_TITLE, added by src/theme/Footer/Layout.
    },
    docs: {sidebar: {hideable: true}},
    // The API reference's code tabs: curl and the server languages, each in a variant that runs with
    // its standard library or a Debian package, every one run against the sandbox by tests/samples.
    languageTabs: LANGUAGE_TABS,
    prism: {
      theme: accessibleGithub,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash', 'json'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
