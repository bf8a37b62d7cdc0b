/**
 * @jest-environment jsdom
 */
import React from 'react';
import {render, screen} from '@testing-library/react';
import {MemoryRouter} from 'react-router-dom';
import {PluginDownloadCards, TerminalCards} from '@site/src/components/ChannelCards';
import {readDoc} from '../../../../tests/support/markdownTables';
import {loadPortalConfig} from '../../../../core/config';
import {setTestPortalConfig, testPortalConfig} from '../../../../tests/support/useDocusaurusContext';

/** An environment that publishes the downloads and terminals (the defaults are example addresses that never resolve). */
const PUBLISHED = loadPortalConfig({
  PLUGIN_URL_WOOCOMMERCE: 'https://descargas.pasarela.co/woocommerce.zip',
  PLUGIN_URL_PRESTASHOP: 'https://descargas.pasarela.co/prestashop.zip',
  TERMINAL_URL_DEMO: 'https://demo.pasarela.co/terminal/',
  TERMINAL_URL_PRODUCTION: 'https://www.pasarela.co/terminal/',
});

describe('the plugin download cards', () => {
  beforeEach(() => setTestPortalConfig(PUBLISHED));
  afterEach(() => setTestPortalConfig());

  it.each([
    ['woocommerce', 'WooCommerce', PUBLISHED.pluginDownloads.woocommerce],
    ['prestashop', 'PrestaShop', PUBLISHED.pluginDownloads.prestashop],
  ] as const)('show only the %s card in its tab, with the configured download address', (plugin, title, href) => {
    render(
      <MemoryRouter>
        <PluginDownloadCards plugin={plugin} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([title]);
    expect(screen.getByRole('link', {name: 'Descargar'})).toHaveAttribute('href', href);
  });

  it('show both cards without a plugin', () => {
    render(
      <MemoryRouter>
        <PluginDownloadCards />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link', {name: 'Descargar'}).map((a) => a.getAttribute('href'))).toEqual([
      PUBLISHED.pluginDownloads.woocommerce,
      PUBLISHED.pluginDownloads.prestashop,
    ]);
  });

  it('say plainly that an example address is not available, instead of a link that leads nowhere', () => {
    setTestPortalConfig();
    render(
      <MemoryRouter>
        <PluginDownloadCards />
        <TerminalCards />
      </MemoryRouter>,
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getAllByText('No disponible en este portal.')).toHaveLength(4);
    for (const href of [testPortalConfig.pluginDownloads.woocommerce, testPortalConfig.terminals.production]) expect(screen.getByText(href)).toBeInTheDocument();
  });
});

describe.each(['es', 'en'] as const)('the plugins page (%s)', (locale) => {
  const page = readDoc(locale, 'plugins/index.mdx');
  const tab = (value: string) => {
    const start = page.indexOf(`<TabItem value="${value}"`);
    return page.slice(start, page.indexOf('</TabItem>', start));
  };

  it('has a woocommerce and a prestashop tab, each with a link of its own', () => {
    expect(page).toContain('<Tabs queryString="tab">');
    expect([...page.matchAll(/<TabItem value="(\w+)"/g)].map((m) => m[1])).toEqual(['woocommerce', 'prestashop']);
    expect(page).toContain('(/plugins?tab=woocommerce)');
    expect(page).toContain('(/plugins?tab=prestashop)');
  });

  it.each(['woocommerce', 'prestashop'])('gives the %s tab installation and configuration steps, its download card and the terminal cards', (value) => {
    const body = tab(value);
    expect(body).toContain(`<PluginDownloadCards plugin="${value}" />`);
    expect(body).toContain('<TerminalCards />');
    expect(body.match(/^### /gm)).toHaveLength(3);
    expect(body.match(/^\d\. /gm)?.length).toBeGreaterThanOrEqual(8);
  });
});
