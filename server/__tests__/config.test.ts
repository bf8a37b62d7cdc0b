import {join} from 'node:path';
import {readFileSync} from 'node:fs';
import {SERVER_ENV_DEFAULTS, ServerConfigError, loadServerConfig, utilsPrefix} from '../config';

describe('server configuration', () => {
  it('works with no environment: port 3000, outbox folder, no SMTP', () => {
    const config = loadServerConfig({}, '/srv/portal');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.smtpUrl).toBeNull();
    expect(config.outboxDir).toBe('/srv/portal/outbox');
    expect(config.buildDir).toBe('/srv/portal/build');
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.mailFrom).toBe('Integraciones Pasarela <soporte@pasarela.example>');
    expect(config.utilsPrefix).toBe('/api/utils');
    expect(config.rateLimitPerMinute).toBe(5);
    expect(config.trustProxy).toBe(false);
    expect(config.sandboxRateLimits).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadServerConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        SITE_URL: 'https://integraciones.example/',
        SMTP_URL: 'smtps://u:p@smtp.example:465',
        MAIL_FROM: 'Manuales <manuales@pasarela.example>',
        OUTBOX_DIR: '/tmp/salida',
        TRUST_PROXY: 'true',
        MANUALS_RATE_LIMIT: '10',
        SANDBOX_RATE_LIMITS: 'off',
        UTILS_API_BASE: 'https://integraciones.example/servicios/utils/',
      },
      '/srv/portal',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteUrl: 'https://integraciones.example',
      smtpUrl: 'smtps://u:p@smtp.example:465',
      mailFrom: 'Manuales <manuales@pasarela.example>',
      outboxDir: '/tmp/salida',
      trustProxy: true,
      rateLimitPerMinute: 10,
      sandboxRateLimits: false,
      utilsPrefix: '/servicios/utils',
    });
  });

  it.each([
    [{PORT: '70000'}, 'PORT must be a whole number from 1 to 65535'],
    [{PORT: 'tres'}, 'PORT must be a whole number'],
    [{SMTP_URL: 'http://smtp.example'}, 'SMTP_URL must start with smtp:// or smtps://'],
    [{SMTP_URL: 'no es url'}, 'SMTP_URL must be a URL'],
    [{MAIL_FROM: 'Ana <no-es-correo>'}, 'MAIL_FROM must be an address'],
    [{MAIL_FROM: 'a@b.co\r\nBcc: x@y.co'}, 'MAIL_FROM must be an address'],
    [{SITE_URL: 'portal.example'}, 'SITE_URL must be an absolute http(s) URL'],
    [{TRUST_PROXY: 'yes'}, 'TRUST_PROXY must be "true" or "false"'],
    [{SANDBOX_RATE_LIMITS: 'no'}, 'SANDBOX_RATE_LIMITS must be "on" or "off"'],
    [{MANUALS_RATE_LIMIT: '0'}, 'MANUALS_RATE_LIMIT must be a whole number from 1'],
    [{UTILS_API_BASE: '/'}, 'UTILS_API_BASE must have a path of its own'],
    [{PRODUCT_NAME: 'Mi Pasarela'}, 'PRODUCT_NAME must be letters and digits only'],
  ])('refuses %p with a clear message', (env, message) => {
    expect(() => loadServerConfig(env)).toThrow(ServerConfigError);
    expect(() => loadServerConfig(env)).toThrow(message);
  });

  it('in production mode, needs a real mail server and the public address', () => {
    expect(() => loadServerConfig({PORTAL_ENV: 'production', SITE_URL: 'https://portal.example'})).toThrow('PORTAL_ENV=production needs SMTP_URL');
    expect(() => loadServerConfig({PORTAL_ENV: 'production', SMTP_URL: 'smtp://smtp.example:587'})).toThrow('PORTAL_ENV=production needs SITE_URL');
    const config = loadServerConfig({PORTAL_ENV: 'production', SMTP_URL: 'smtp://smtp.example:587', SITE_URL: 'https://portal.example/'});
    expect([config.portal.production, config.smtpUrl, config.siteUrl]).toEqual([true, 'smtp://smtp.example:587', 'https://portal.example']);
    expect(() => loadServerConfig({PORTAL_ENV: 'production', SMTP_URL: 'smtp://smtp.example:587', SITE_URL: 'https://portal.example/', SANDBOX_RATE_LIMITS: 'off'})).toThrow(
      'SANDBOX_RATE_LIMITS=off is for load tests',
    );
  });

  it('never repeats the SMTP password in a message', () => {
    expect(() => loadServerConfig({SMTP_URL: 'ftp://usuario:secreto@smtp.example'})).toThrow('ftp://usuario:***@smtp.example');
  });

  it('reads REDIS_URL (redis:// or rediss://, with a password) and SANDBOX_SECRET; refuses others without repeating the password', () => {
    expect(loadServerConfig({})).toMatchObject({redisUrl: null, sandboxSecret: null});
    expect(loadServerConfig({REDIS_URL: 'rediss://:secreto@redis.example:6380/2'}).redisUrl).toBe('rediss://:secreto@redis.example:6380/2');
    expect(loadServerConfig({REDIS_URL: 'redis://usuario:secreto@10.0.0.5'}).redisUrl).toBe('redis://usuario:secreto@10.0.0.5');
    for (const [url, message] of [
      ['http://:secreto@redis.example', 'REDIS_URL must start with redis:// or rediss://'],
      ['redis://:secreto@redis.example/cero', 'database number'],
      ['no es una url', 'REDIS_URL must be a URL'],
    ] as const) {
      expect(() => loadServerConfig({REDIS_URL: url})).toThrow(message);
      try {
        loadServerConfig({REDIS_URL: url});
      } catch (error) {
        expect((error as Error).message).not.toContain('secreto');
      }
    }
    expect(loadServerConfig({SANDBOX_SECRET: 'x'.repeat(32)}).sandboxSecret).toBe('x'.repeat(32));
    expect(() => loadServerConfig({SANDBOX_SECRET: 'corto'})).toThrow('SANDBOX_SECRET must be at least 32 characters');
  });

  it('takes the path of an absolute utils base', () => {
    expect(utilsPrefix('/api/utils/')).toBe('/api/utils');
    expect(utilsPrefix('https://x.example/a/b')).toBe('/a/b');
  });

  it('lists every server variable in .env.example', () => {
    const example = readFileSync(join(__dirname, '../../.env.example'), 'utf8');
    for (const name of [...Object.keys(SERVER_ENV_DEFAULTS), 'SMTP_URL', 'MAIL_FROM', 'SITE_URL', 'REDIS_URL', 'SANDBOX_SECRET']) {
      expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});
