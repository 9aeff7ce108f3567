import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

const cwd = '/srv/kiosk';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/kiosk/data',
      mediaDir: '/srv/kiosk/data/media',
      secretsDir: '/srv/kiosk/data/secrets',
      databaseUrl: '/srv/kiosk/data/kiosk.sqlite',
      jwtSecret: undefined,
      publishToken: undefined,
      demo: { devname: 'neubourg', login: 'kiosk', password: 'kiosk' },
      environment: 'prod',
      tokenTtlDays: 365,
      scheduleMaxLatenessHours: 12,
      logLevel: 'info',
      kioskDist: join(REPO_ROOT, 'apps/kiosk/dist'),
      adminDist: join(REPO_ROOT, 'apps/admin/dist'),
      splitPorts: false,
      trustProxy: false,
    });
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://kiosk@db/kiosk',
        JWT_SECRET: 'x'.repeat(40),
        PUBLISH_TOKEN: 'p'.repeat(20),
        DEMO_DEVNAME: 'usine',
        DEMO_LOGIN: 'borne',
        DEMO_PASSWORD: 'secret',
        KIOSK_ENV: 'dev',
        TOKEN_TTL_DAYS: '30',
        LOG_LEVEL: 'warn',
        KIOSK_DIST: '/opt/kiosk',
        SPLIT_PORTS: '1',
        TRUST_PROXY: '1',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/kiosk/var/data',
      databaseUrl: 'postgres://kiosk@db/kiosk',
      jwtSecret: 'x'.repeat(40),
      publishToken: 'p'.repeat(20),
      demo: { devname: 'usine', login: 'borne', password: 'secret' },
      environment: 'dev',
      tokenTtlDays: 30,
      logLevel: 'warn',
      kioskDist: '/opt/kiosk',
      splitPorts: true,
      trustProxy: 1,
    });
  });

  it('splits the ports in the local environment unless told not to', () => {
    expect(loadConfig({ KIOSK_ENV: 'local' }, cwd).splitPorts).toBe(true);
    expect(loadConfig({ KIOSK_ENV: 'local', SPLIT_PORTS: '0' }, cwd).splitPorts).toBe(false);
  });

  it('resolves a relative SQLite path from the working directory', () => {
    expect(loadConfig({ DATABASE_URL: 'db/k.sqlite' }, cwd).databaseUrl).toBe(
      '/srv/kiosk/db/k.sqlite',
    );
    expect(loadConfig({ DATABASE_URL: ':memory:' }, cwd).databaseUrl).toBe(':memory:');
  });

  it('lists every invalid value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          KIOSK_ENV: 'staging',
          TOKEN_TTL_DAYS: '0',
          LOG_LEVEL: 'loud',
          JWT_SECRET: 'short',
          PUBLISH_TOKEN: 'short',
          SPLIT_PORTS: 'yes',
          DATABASE_URL: 'mysql://db',
          TRUST_PROXY: 'everyone',
        },
        cwd,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'KIOSK_ENV',
      'TOKEN_TTL_DAYS',
      'LOG_LEVEL',
      'JWT_SECRET',
      'PUBLISH_TOKEN',
      'SPLIT_PORTS',
      'DATABASE_URL',
      'TRUST_PROXY',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as Error).message).toContain(
      'PORT must be an integer from 0 to 65535 (got "eighty")',
    );
  });

  it('refuses a PORT that collides with the split-mode ports', () => {
    expect(() => loadConfig({ SPLIT_PORTS: '1', PORT: '8081' }, cwd)).toThrow(/collides/);
  });
});
