/**
 * @jest-environment jsdom
 */
import React from 'react';
import {render, screen} from '@testing-library/react';
import {MemoryRouter} from 'react-router-dom';
import {PluginDownloadCards} from '@site/src/components/ChannelCards';
import {readDoc} from '../support/markdownTables';
import {testPortalConfig} from '../support/useDocusaurusContext';

describe('the plugin download cards', () => {
  it.each([
    ['woocommerce', 'WooCommerce', testPortalConfig.pluginDownloads.woocommerce],
    ['prestashop', 'PrestaShop', testPortalConfig.pluginDownloads.prestashop],
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
      testPortalConfig.pluginDownloads.woocommerce,
      testPortalConfig.pluginDownloads.prestashop,
    ]);
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
