import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_SMTP_PORT,
  defaultDataDir,
  loadConfig,
} from '../../../src-main/app/config.ts';

const DATA = path.resolve('/tmp/ephemera-flag-data');
const ENV_DATA = path.resolve('/tmp/ephemera-env-data');

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError, got a config');
}

describe('loadConfig: defaults', () => {
  it('uses the documented defaults when nothing is given', () => {
    expect(loadConfig([], {})).toEqual({
      host: DEFAULT_HOST,
      port: DEFAULT_PORT,
      smtpPort: DEFAULT_SMTP_PORT,
      dataDir: defaultDataDir(process.platform, {}),
      domains: [],
      headless: false,
      proxy: null,
      smtpTlsKey: null,
      smtpTlsCert: null,
      mailRetentionHours: 24,
      // Nothing given explicitly: settings.json may set all of these.
      locked: [],
      settingsDir: defaultDataDir(process.platform, {}),
    });
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(DEFAULT_PORT).toBe(8787);
    expect(DEFAULT_SMTP_PORT).toBe(2525);
  });

  it('does not read process.env when an env object is passed', () => {
    const saved = process.env.EPHEMERA_PORT;
    process.env.EPHEMERA_PORT = '9999';
    try {
      expect(loadConfig([], {}).port).toBe(DEFAULT_PORT);
    } finally {
      if (saved === undefined) delete process.env.EPHEMERA_PORT;
      else process.env.EPHEMERA_PORT = saved;
    }
  });
});

describe('loadConfig: environment', () => {
  it('reads every EPHEMERA_* variable', () => {
    expect(
      loadConfig([], {
        EPHEMERA_HOST: '0.0.0.0',
        EPHEMERA_PORT: '9000',
        EPHEMERA_SMTP_PORT: '2600',
        EPHEMERA_DATA_DIR: ENV_DATA,
        EPHEMERA_DOMAINS: 'a.example.org,b.example.org',
        EPHEMERA_PROXY: 'http://127.0.0.1:7890',
        EPHEMERA_SMTP_TLS_KEY: '/k.pem',
        EPHEMERA_SMTP_TLS_CERT: '/c.pem',
        EPHEMERA_MAIL_RETENTION_HOURS: '48',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 9000,
      smtpPort: 2600,
      dataDir: ENV_DATA,
      domains: ['a.example.org', 'b.example.org'],
      headless: false,
      proxy: 'http://127.0.0.1:7890',
      smtpTlsKey: '/k.pem',
      smtpTlsCert: '/c.pem',
      mailRetentionHours: 48,
      locked: ['http_port', 'smtp_port', 'proxy', 'data_dir'],
      settingsDir: ENV_DATA,
    });
  });

  it('splits EPHEMERA_DOMAINS on commas, trimming spaces and dropping empty items', () => {
    expect(
      loadConfig([], { EPHEMERA_DOMAINS: ' a.example.org , ,b.example.org,' }).domains,
    ).toEqual(['a.example.org', 'b.example.org']);
  });

  it('takes a single EPHEMERA_DOMAINS value as one domain', () => {
    expect(loadConfig([], { EPHEMERA_DOMAINS: 'mail.example.org' }).domains).toEqual([
      'mail.example.org',
    ]);
  });
});

describe('loadConfig: flags', () => {
  it('reads every flag', () => {
    expect(
      loadConfig(
        [
          '--headless',
          '--host',
          '192.168.1.20',
          '--port',
          '8080',
          '--smtp-port',
          '2526',
          '--data-dir',
          DATA,
          '--domain',
          'one.example.org',
          '--proxy',
          'http://127.0.0.1:7890',
          '--smtp-tls-key',
          'k.pem',
          '--smtp-tls-cert',
          'c.pem',
          '--mail-retention-hours',
          '2',
        ],
        {},
      ),
    ).toEqual({
      host: '192.168.1.20',
      port: 8080,
      smtpPort: 2526,
      dataDir: DATA,
      domains: ['one.example.org'],
      headless: true,
      proxy: 'http://127.0.0.1:7890',
      smtpTlsKey: 'k.pem',
      smtpTlsCert: 'c.pem',
      mailRetentionHours: 2,
      locked: ['http_port', 'smtp_port', 'proxy', 'data_dir'],
      settingsDir: DATA,
    });
  });

  it('locks only what was given, so settings.json fills in the rest', () => {
    expect(loadConfig(['--port', '0'], { EPHEMERA_PROXY: 'http://127.0.0.1:1' }).locked).toEqual([
      'http_port',
      'proxy',
    ]);
    // An empty variable is absence, as for the value itself.
    expect(loadConfig([], { EPHEMERA_DATA_DIR: '' }).locked).toEqual([]);
  });

  it('accepts --flag=value', () => {
    const config = loadConfig(['--port=8081', '--smtp-port=2527', '--domain=x.example.org'], {});
    expect(config).toMatchObject({ port: 8081, smtpPort: 2527, domains: ['x.example.org'] });
  });

  it('repeats --domain', () => {
    expect(
      loadConfig(
        ['--domain', 'a.example.org', '--domain', 'b.example.org', '--domain', 'c.example.org'],
        {},
      ).domains,
    ).toEqual(['a.example.org', 'b.example.org', 'c.example.org']);
  });

  it('resolves a relative --data-dir against the working directory', () => {
    expect(loadConfig(['--data-dir', 'rel/data'], {}).dataDir).toBe(path.resolve('rel/data'));
  });

  it('allows port 0 (a free port) for HTTP and SMTP', () => {
    expect(loadConfig(['--port', '0', '--smtp-port', '0'], {})).toMatchObject({
      port: 0,
      smtpPort: 0,
    });
    expect(loadConfig([], { EPHEMERA_PORT: '0', EPHEMERA_SMTP_PORT: '0' })).toMatchObject({
      port: 0,
      smtpPort: 0,
    });
  });

  it('allows the highest port, 65535', () => {
    expect(loadConfig(['--port', '65535'], {}).port).toBe(65535);
  });
});

describe('loadConfig: precedence', () => {
  const env = {
    EPHEMERA_HOST: '10.0.0.1',
    EPHEMERA_PORT: '9000',
    EPHEMERA_SMTP_PORT: '2600',
    EPHEMERA_DATA_DIR: ENV_DATA,
    EPHEMERA_DOMAINS: 'env.example.org',
    EPHEMERA_PROXY: 'http://127.0.0.1:1080',
  };

  it('lets each flag beat its environment variable', () => {
    expect(
      loadConfig(
        [
          '--host',
          '127.0.0.2',
          '--port',
          '8080',
          '--smtp-port',
          '2526',
          '--data-dir',
          DATA,
          '--domain',
          'flag.example.org',
          '--proxy',
          'http://127.0.0.1:7890',
        ],
        env,
      ),
    ).toMatchObject({
      host: '127.0.0.2',
      port: 8080,
      smtpPort: 2526,
      dataDir: DATA,
      domains: ['flag.example.org'],
      proxy: 'http://127.0.0.1:7890',
    });
  });

  it('uses the environment for what the flags leave out', () => {
    expect(loadConfig(['--port', '8080'], env)).toMatchObject({
      host: '10.0.0.1',
      port: 8080,
      smtpPort: 2600,
      dataDir: ENV_DATA,
      domains: ['env.example.org'],
      proxy: 'http://127.0.0.1:1080',
    });
  });

  it('lets --port 0 beat EPHEMERA_PORT (0 is a value, not absence)', () => {
    expect(loadConfig(['--port', '0'], env).port).toBe(0);
  });
});

describe('loadConfig: errors', () => {
  it.each([
    ['a word', 'abc'],
    ['a negative number', '-1'],
    ['a number above 65535', '65536'],
    ['a fraction', '80.5'],
    ['digits followed by junk', '80abc'],
  ])('refuses --port with %s', (_name, value) => {
    const err = configError(() => loadConfig([`--port=${value}`], {}));
    expect(err.message).toMatch(/port/i);
    expect(err.message).not.toMatch(/undefined|\[object/);
  });

  it.each(['abc', '70000', '-5'])('refuses EPHEMERA_PORT=%s', (value) => {
    configError(() => loadConfig([], { EPHEMERA_PORT: value }));
  });

  it('refuses an invalid --smtp-port and EPHEMERA_SMTP_PORT', () => {
    expect(configError(() => loadConfig(['--smtp-port', 'x'], {})).message).toMatch(/smtpPort/);
    configError(() => loadConfig([], { EPHEMERA_SMTP_PORT: '99999' }));
  });

  it('refuses an unknown flag and names it', () => {
    expect(configError(() => loadConfig(['--bogus'], {})).message).toContain('--bogus');
  });

  it('refuses a positional argument', () => {
    configError(() => loadConfig(['serve'], {}));
  });

  it('refuses a flag without its value', () => {
    configError(() => loadConfig(['--port'], {}));
  });

  it('refuses a value given to --headless', () => {
    configError(() => loadConfig(['--headless=yes'], {}));
  });

  it('refuses a proxy that is not a URL', () => {
    expect(configError(() => loadConfig(['--proxy', 'not a url'], {})).message).toMatch(/proxy/);
  });

  it('refuses an empty --host', () => {
    configError(() => loadConfig(['--host', ''], {}));
  });

  // Product bug: z.coerce.number() turns '' (and whitespace) into 0, so an empty port value
  // silently means "any free port" instead of being refused.
  it('refuses an empty --port instead of reading it as port 0', () => {
    configError(() => loadConfig(['--port='], {}));
    configError(() => loadConfig(['--port', ' '], {}));
  });

  // Product bug: same coercion for the environment; `EPHEMERA_PORT= npm start` binds a random
  // port instead of 8787 (or an error).
  it('does not read an empty EPHEMERA_PORT as port 0', () => {
    let port: number;
    try {
      port = loadConfig([], { EPHEMERA_PORT: '' }).port;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return;
    }
    expect(port).toBe(DEFAULT_PORT);
  });

  // Product bug: path.resolve('') is the working directory, so the schema's min(1) on dataDir
  // never fires and an empty --data-dir silently puts the data in the current directory.
  it('refuses an empty --data-dir instead of using the working directory', () => {
    configError(() => loadConfig(['--data-dir='], {}));
  });
});

describe('loadConfig: mail options', () => {
  it('lower-cases domains and refuses one that is not a host name', () => {
    expect(loadConfig(['--domain', 'Mail.Example.ORG.'], {}).domains).toEqual(['mail.example.org']);
    configError(() => loadConfig(['--domain', 'not a domain'], {}));
    configError(() => loadConfig([], { EPHEMERA_DOMAINS: 'ok.org,bad_domain!' }));
  });

  it('takes the STARTTLS key and certificate together, from flags or environment', () => {
    expect(loadConfig(['--smtp-tls-key', 'k.pem', '--smtp-tls-cert', 'c.pem'], {})).toMatchObject({
      smtpTlsKey: 'k.pem',
      smtpTlsCert: 'c.pem',
    });
    expect(
      loadConfig([], { EPHEMERA_SMTP_TLS_KEY: 'k', EPHEMERA_SMTP_TLS_CERT: 'c' }),
    ).toMatchObject({ smtpTlsKey: 'k', smtpTlsCert: 'c' });
    configError(() => loadConfig(['--smtp-tls-key', 'k.pem'], {}));
    configError(() => loadConfig([], { EPHEMERA_SMTP_TLS_CERT: 'c.pem' }));
  });

  it('reads the mail retention in hours, 0 to a year', () => {
    expect(loadConfig(['--mail-retention-hours', '1.5'], {}).mailRetentionHours).toBe(1.5);
    expect(loadConfig([], { EPHEMERA_MAIL_RETENTION_HOURS: '0' }).mailRetentionHours).toBe(0);
    configError(() => loadConfig(['--mail-retention-hours', '-1'], {}));
    configError(() => loadConfig(['--mail-retention-hours', 'soon'], {}));
    configError(() => loadConfig(['--mail-retention-hours', '9000'], {}));
  });
});

describe('defaultDataDir', () => {
  it('is inside the user profile on every OS', () => {
    expect(
      defaultDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann'),
    ).toBe('C:\\Users\\ann\\AppData\\Roaming\\Ephemera');
    expect(defaultDataDir('darwin', {}, '/Users/ann')).toBe(
      '/Users/ann/Library/Application Support/Ephemera',
    );
    expect(defaultDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.local/share/ephemera');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/ann' }, '/home/ann')).toBe(
      '/data/ann/ephemera',
    );
  });

  it('ignores an empty or relative variable rather than using the current folder', () => {
    expect(defaultDataDir('win32', { APPDATA: '' }, 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Ephemera',
    );
    expect(defaultDataDir('win32', { APPDATA: 'Roaming' }, 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Ephemera',
    );
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '' }, '/home/ann')).toBe(
      '/home/ann/.local/share/ephemera',
    );
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'share' }, '/home/ann')).toBe(
      '/home/ann/.local/share/ephemera',
    );
  });
});
