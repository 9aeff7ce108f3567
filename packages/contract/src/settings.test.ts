/**
 * The settings' addresses keep to DNS's bounds on host names (issue 40, item 2): a host of ~2,000
 * characters was accepted, and its origin went into every page's Content-Security-Policy.
 */
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  DevelopmentSettings,
  isSettingsUrl,
  normalizeSettings,
  serializeSettings,
  settingsConsistencyErrors,
  settingsUrlHint,
  settingsUrlOrigin,
  SETTINGS_URL_HINT,
  TIME_ZONE_MESSAGE,
} from './settings.js';

const label = (length: number) => 'a'.repeat(length);
/** A host of `length` characters made of 63-character labels (and a shorter last one). */
function host(length: number): string {
  const labels: string[] = [];
  let left = length;
  while (left > 0) {
    const size = Math.min(63, left);
    labels.push(label(size));
    left -= size + 1;
  }
  return labels.join('.').slice(0, length).replace(/\.$/, 'b');
}

describe('the settings’ addresses', () => {
  it('accept hosts up to DNS’s bounds: 63 characters a label, 253 in all', () => {
    expect(host(253)).toHaveLength(253);
    for (const url of [
      `https://${label(63)}.test/form`,
      `https://${host(253)}/form?x=1`,
      `http://${host(253)}:8080`,
      'http://[::1]:8080/',
      'https://forms.plant.test/idees?site=1',
    ]) {
      expect(isSettingsUrl(url), url).toBe(true);
      expect(Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, websiteUrl: url }), url).toBe(
        true,
      );
    }
  });

  it('refuse a longer label or host, and say which in French', () => {
    const longLabel = `https://${label(64)}.test/form`;
    const longHost = `https://${host(254)}/form`;
    const probe = `https://${host(1990)}/`;
    for (const url of [longLabel, longHost, probe]) {
      expect(isSettingsUrl(url), url.slice(0, 40)).toBe(false);
      expect(
        Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, suggestionFormUrl: url }),
      ).toBe(false);
      expect(settingsUrlOrigin(url)).toBeNull();
    }
    expect(settingsUrlHint(longLabel)).toMatch(/une partie \(entre deux points\) dépasse 63/);
    expect(settingsUrlHint(longHost)).toMatch(/nom d’hôte de 254 caractères.*au plus 253/);
    expect(settingsUrlHint(probe)).toMatch(/nom d’hôte de 1990 caractères/);
    expect(settingsUrlHint('javascript:alert(1)')).toBe(SETTINGS_URL_HINT);
    expect(settingsUrlHint(null)).toBe(SETTINGS_URL_HINT);
  });

  it('read a stored copy that breaks the bound as not configured, without throwing', () => {
    const stored = { ...DEFAULT_SETTINGS, websiteUrl: `https://${host(1990)}/` };
    expect(normalizeSettings(stored).websiteUrl).toBeNull();
  });
});

describe('the mode switcher’s code (issue 41, item 2)', () => {
  it('is empty by default: the spec’s switcher, without a code', () => {
    expect(DEFAULT_SETTINGS.switcherCode).toBe('');
    expect(Value.Check(DevelopmentSettings, DEFAULT_SETTINGS)).toBe(true);
  });

  it('is empty or 4 to 8 digits, nothing else', () => {
    for (const code of ['', '1234', '00000000', '20260']) {
      expect(Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, switcherCode: code })).toBe(
        true,
      );
    }
    for (const code of ['123', '123456789', '12a4', ' 1234', '１２３４', '12 34']) {
      expect(
        Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, switcherCode: code }),
        code,
      ).toBe(false);
    }
  });

  it('reads a copy from before the code, or a wrong one, as no code', () => {
    const { switcherCode: _absent, ...older } = DEFAULT_SETTINGS;
    expect(normalizeSettings(older).switcherCode).toBe('');
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, switcherCode: 42 }).switcherCode).toBe('');
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, switcherCode: 'abcd' }).switcherCode).toBe('');
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, switcherCode: '2468' }).switcherCode).toBe(
      '2468',
    );
  });
});

describe('the plant’s time zone (issue 45)', () => {
  it('is Paris by default', () => {
    expect(DEFAULT_SETTINGS.timeZone).toBe('Europe/Paris');
    expect(settingsConsistencyErrors(DEFAULT_SETTINGS)).toEqual({});
  });

  it('is an IANA name Intl knows, else a French message', () => {
    for (const timeZone of ['Europe/London', 'America/New_York', 'UTC']) {
      const settings = { ...DEFAULT_SETTINGS, timeZone };
      expect(Value.Check(DevelopmentSettings, settings)).toBe(true);
      expect(settingsConsistencyErrors(settings), timeZone).toEqual({});
    }
    for (const timeZone of ['Europe/Pariss', '+01:00', 'Paris']) {
      expect(settingsConsistencyErrors({ ...DEFAULT_SETTINGS, timeZone })).toEqual({
        timeZone: TIME_ZONE_MESSAGE,
      });
    }
    expect(TIME_ZONE_MESSAGE).toBe(
      'Doit être le nom d’un fuseau horaire de la base IANA, par exemple Europe/Paris ou America/New_York.',
    );
    expect(Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, timeZone: '' })).toBe(false);
  });

  it('reads a copy from before the zone, or an unknown one, as Paris', () => {
    const { timeZone: _absent, ...older } = DEFAULT_SETTINGS;
    expect(normalizeSettings(older)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, timeZone: 'Mars/Olympus' }).timeZone).toBe(
      'Europe/Paris',
    );
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, timeZone: 'Europe/Berlin' }).timeZone).toBe(
      'Europe/Berlin',
    );
  });

  it('is stored after the older fields (only the opening hours follow), so an older stored text only gains fields', () => {
    expect(Object.keys(JSON.parse(serializeSettings(DEFAULT_SETTINGS))).slice(-2)).toEqual([
      'timeZone',
      'openingHours',
    ]);
  });
});
