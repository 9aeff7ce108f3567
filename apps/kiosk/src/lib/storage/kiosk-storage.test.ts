import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a page at `search` evaluates it (the preview is read once, at first use). */
async function storageAt(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  vi.resetModules();
  return import('./kiosk-storage');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

describe('where the kiosk keeps its keys', () => {
  it('on a totem: the browser’s localStorage', async () => {
    const { kioskStorage } = await storageAt('');
    expect(kioskStorage()).toBe(window.localStorage);
  });

  it('in a preview: its own storage in memory, with the asked mode, never the totem’s keys', async () => {
    window.localStorage.setItem('totem', 'Assemblage');
    window.localStorage.setItem('kioskId', 'totem-du-hall');
    const { kioskStorage, storageKeys } = await storageAt(
      '?apercu=1&devid=2&source=draft&mode=Moulage',
    );
    const storage = kioskStorage();
    expect(storage).not.toBe(window.localStorage);
    expect(storage.getItem(storageKeys.totem)).toBe('Moulage');
    expect(storage.getItem(storageKeys.parcours)).toBeNull();
    expect(storage.getItem(storageKeys.kioskId)).toBe('apercu');
    storage.setItem(storageKeys.jwt('neubourg'), 'x');
    expect(window.localStorage.getItem(storageKeys.jwt('neubourg'))).toBeNull();
    expect(window.localStorage.getItem('totem')).toBe('Assemblage');
  });

  it('a visitor preview stores the parcours', async () => {
    const { kioskStorage, storageKeys } = await storageAt(
      '?apercu=1&devid=2&at=2026-11-30T04:00:00Z&mode=visiteur',
    );
    expect(kioskStorage().getItem(storageKeys.parcours)).toBe('visiteur');
    expect(kioskStorage().getItem(storageKeys.totem)).toBeNull();
  });

  it('a badly asked preview still never touches the totem’s keys', async () => {
    const { kioskStorage } = await storageAt('?apercu=1&source=draft');
    expect(kioskStorage()).not.toBe(window.localStorage);
  });
});
