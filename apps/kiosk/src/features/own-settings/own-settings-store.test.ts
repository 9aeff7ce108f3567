/**
 * This totem's own settings (issue 47): read from the server, held in kiosk storage for a start
 * offline — for this development and this totem only — and kept when a read fails.
 */
import type { KioskOwnSettings } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/api-client';
import { kioskStorage, storageKeys } from '../../lib/storage/kiosk-storage';
import {
  createOwnSettings,
  readHeldSettings,
  useOwnSettingsStore,
  type OwnSettings,
} from './own-settings-store';

const DEVNAME = 'own-settings-test';
const answer: KioskOwnSettings = {
  kioskId: 'this-totem',
  name: 'Hall',
  location: 'Bâtiment A',
  marks: [{ elementid: 3, x: 0.25, y: 0.5, image: 'media/images/plan.svg' }],
  // A wall bracket (issue 52): held too, so a start offline draws the same reach line.
  screenBottomMm: 900,
  screenTopMm: 2100,
};

let call: ReturnType<typeof vi.fn>;
let kioskId = 'this-totem';
let own: OwnSettings | null = null;
const start = (devid = 1) => {
  own = createOwnSettings({
    api: { call: call as unknown as ApiClient['call'] },
    devid,
    devname: DEVNAME,
    kioskId: () => kioskId,
  });
  return own;
};

beforeEach(() => {
  kioskStorage().removeItem(storageKeys.ownSettings(DEVNAME));
  useOwnSettingsStore.setState({ settings: null });
  kioskId = 'this-totem';
  call = vi.fn(() => Promise.resolve(answer));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  own?.stop();
  vi.restoreAllMocks();
});

describe('own settings', () => {
  it('reads them from the server for this development, shows and holds them', async () => {
    await start().refresh();
    expect(call).toHaveBeenCalledWith(
      'kioskOwnSettings',
      { params: { devid: 1 } },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(useOwnSettingsStore.getState().settings).toEqual(answer);
    expect(readHeldSettings(DEVNAME, 1, 'this-totem')).toEqual(answer);
  });

  it('a start offline shows what was held — never another development’s or totem’s', async () => {
    await start().refresh();
    own!.stop();
    expect(useOwnSettingsStore.getState().settings).toBeNull();
    start().restore();
    expect(useOwnSettingsStore.getState().settings).toEqual(answer);
    start(2).restore();
    expect(useOwnSettingsStore.getState().settings).toBeNull();
    kioskId = 'new-id';
    start().restore();
    expect(useOwnSettingsStore.getState().settings).toBeNull();
  });

  it('keeps what it holds when a read fails; drops a held point that is not one', async () => {
    kioskStorage().setItem(
      storageKeys.ownSettings(DEVNAME),
      JSON.stringify({
        devid: 1,
        settings: { ...answer, marks: [...answer.marks, { elementid: 4, x: 7, y: 0, image: 'x' }] },
      }),
    );
    call.mockImplementation(() => Promise.reject(new Error('offline')));
    const settings = start();
    settings.restore();
    await settings.refresh();
    expect(useOwnSettingsStore.getState().settings).toEqual(answer);
  });

  it('ignores an answer for another totem, and an answer arriving after a newer one', async () => {
    call.mockImplementationOnce(() => Promise.resolve({ ...answer, kioskId: 'another' }));
    const settings = start();
    await settings.refresh();
    expect(useOwnSettingsStore.getState().settings).toBeNull();

    let releaseOld: (value: KioskOwnSettings) => void = () => undefined;
    call.mockImplementationOnce(
      () => new Promise<KioskOwnSettings>((resolve) => (releaseOld = resolve)),
    );
    call.mockImplementationOnce(() => Promise.resolve({ ...answer, name: 'Récent' }));
    const old = settings.refresh();
    await settings.refresh();
    releaseOld({ ...answer, name: 'Ancien' });
    await old;
    expect(useOwnSettingsStore.getState().settings?.name).toBe('Récent');
  });

  it('after stop, sends nothing and shows nothing', async () => {
    const settings = start();
    settings.stop();
    await settings.refresh();
    expect(call).not.toHaveBeenCalled();
    expect(useOwnSettingsStore.getState().settings).toBeNull();
  });
});
