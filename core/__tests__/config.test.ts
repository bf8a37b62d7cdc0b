/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ConfigError, ENV_DEFAULTS, isPlaceholderAddress, loadPortalConfig, samplePurchaseEndpoint} from '../config';

describe('portal config', () => {
  it('works with no environment at all, in development mode', () => {
    const config = loadPortalConfig({});
    expect(config.production).toBe(false);
    expect(config.productName).toBe(ENV_DEFAULTS.PRODUCT_NAME);
    expect(config.apiBases.utils).toBe('/api/utils');
    expect(config.sandbox).toBe(true);
  });

  it('turns the sandbox off when SANDBOX says off', () => {
    expect(loadPortalConfig({SANDBOX: 'off'}).sandbox).toBe(false);
    expect(loadPortalConfig({SANDBOX: 'ON'}).sandbox).toBe(true);
  });

  it("serves the assistants' endpoint unless MCP says off", () => {
    expect(loadPortalConfig({}).mcp).toBe(true);
    expect(loadPortalConfig({MCP: 'off'}).mcp).toBe(false);
    expect(loadPortalConfig({MCP: 'On'}).mcp).toBe(true);
  });

  it('reads the sandbox notification allow-list as lower-case hosts, empty by default', () => {
    expect(loadPortalConfig({}).sandboxNotifyAllow).toEqual([]);
    expect(loadPortalConfig({SANDBOX_NOTIFY_ALLOW: ' Tienda.Example , 203.0.113.7,tienda.example, ::1 '}).sandboxNotifyAllow).toEqual(['tienda.example', '203.0.113.7', '::1']);
  });

  it('reads where pages are edited as an address ending in "/", none by default', () => {
    expect(loadPortalConfig({}).repositoryEditUrl).toBeNull();
    expect(loadPortalConfig({REPOSITORY_EDIT_URL: ' '}).repositoryEditUrl).toBeNull();
    expect(loadPortalConfig({REPOSITORY_EDIT_URL: 'https://git.example/portal/edit/main'}).repositoryEditUrl).toBe('https://git.example/portal/edit/main/');
    expect(loadPortalConfig({REPOSITORY_EDIT_URL: 'https://git.example/portal/-/edit/main//'}).repositoryEditUrl).toBe('https://git.example/portal/-/edit/main/');
  });

  it('points the sample forms at the sandbox purchase page when on, at the demo gateway when off', () => {
    expect(samplePurchaseEndpoint(loadPortalConfig({}), 'https://portal.example/')).toBe('https://portal.example/sandbox/pagos');
    const off = loadPortalConfig({SANDBOX: 'off'});
    expect(samplePurchaseEndpoint(off, 'https://portal.example')).toBe(off.purchaseEndpoints.demo);
  });

  it('turns production mode on when the environment says production', () => {
    const config = loadPortalConfig({PORTAL_ENV: 'production'});
    expect(config.production).toBe(true);
  });

  it('reads every value from the environment', () => {
    const config = loadPortalConfig({
      PRODUCT_NAME: 'Pagalo',
      SUPPORT_EMAIL: 'ayuda@pagalo.example',
      PURCHASE_URL_DEMO: 'https://pruebas.pagalo.example/compra',
      UTILS_API_BASE: 'https://utils.pagalo.example/api/',
    });
    expect(config.productName).toBe('Pagalo');
    expect(config.supportEmail).toBe('ayuda@pagalo.example');
    expect(config.purchaseEndpoints.demo).toBe('https://pruebas.pagalo.example/compra');
    expect(config.apiBases.utils).toBe('https://utils.pagalo.example/api/');
  });

  it.each([
    [{PORTAL_ENV: 'prod'}, 'PORTAL_ENV must be "production" or "development"'],
    [{SANDBOX: 'yes'}, 'SANDBOX must be "on" or "off"'],
    [{MCP: 'no'}, 'MCP must be "on" or "off"'],
    [{SANDBOX_NOTIFY_ALLOW: 'https://tienda.example'}, 'SANDBOX_NOTIFY_ALLOW must be host names or IP addresses'],
    [{SANDBOX_NOTIFY_ALLOW: 'tienda.example:8080'}, 'SANDBOX_NOTIFY_ALLOW must be host names or IP addresses'],
    [{SUPPORT_EMAIL: 'soporte'}, 'SUPPORT_EMAIL must be an e-mail address'],
    [{PRODUCT_NAME: 'Mi Pasarela'}, 'PRODUCT_NAME must be letters and digits only'],
    [{PURCHASE_URL_DEMO: 'demo.example/pagos'}, 'PURCHASE_URL_DEMO must be an absolute http(s) URL'],
    [{REST_API_BASE: 'ftp://x.example'}, 'REST_API_BASE must use http or https'],
    [{REPOSITORY_EDIT_URL: 'git@git.example:portal.git'}, 'REPOSITORY_EDIT_URL must be an absolute http(s) URL'],
    [{UTILS_API_BASE: '//evil.example'}, 'UTILS_API_BASE must be an absolute http(s) URL or a path starting with "/"'],
  ])('refuses %p with a clear message', (env, message) => {
    expect(() => loadPortalConfig(env)).toThrow(ConfigError);
    expect(() => loadPortalConfig(env)).toThrow(message);
  });

  it('lists every variable, with its default, in .env.example', () => {
    const example = readFileSync(join(__dirname, '../../.env.example'), 'utf8');
    for (const [name, value] of Object.entries(ENV_DEFAULTS)) {
      expect(example).toContain(`${name}=${value}`);
    }
  });
});

describe('isPlaceholderAddress', () => {
  it('is true only for the reserved example names, which never resolve', () => {
    expect(['https://www.pasarela.example/descargas/x.zip', 'https://servicio-soap.invalid/x', 'http://a.test/'].map(isPlaceholderAddress)).toEqual([true, true, true]);
    expect(['https://www.pasarela.co/terminal/', 'http://localhost:3000/', 'no es una URL', 'https://example.com/'].map(isPlaceholderAddress)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
