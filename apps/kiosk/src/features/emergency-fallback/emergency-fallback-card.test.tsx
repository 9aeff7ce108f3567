import { act, fireEvent, screen, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState, TEST_CONFIG } from '../../app/testing/render-in-kiosk';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { storageKeys } from '../../lib/storage/kiosk-storage';
import { EmergencyFallback, EmergencyFallbackCard } from './emergency-fallback-card';

const DEVNAME = TEST_CONFIG.devname;

function keepCopy() {
  localStorage.setItem(
    storageKeys.emergencyFallback(DEVNAME),
    JSON.stringify({
      savedAt: '2026-11-28T08:00:00.000Z',
      revision: 4,
      images: [
        { src: 'http://kiosk.test/media/images/numeros.webp', alt: 'Infirmerie : poste 2222' },
        { src: 'http://kiosk.test/media/images/numbers.webp', alt: 'Infirmary: 2222', lang: 'en' },
      ],
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  resetShellState();
});
afterEach(async () => {
  await Dexie.delete(DEVNAME);
  closeKioskDb(DEVNAME);
});

describe('the emergency numbers card (decision 051)', () => {
  it('says the copy is being rebuilt and gives the built-in numbers as text', () => {
    renderInKiosk(<EmergencyFallbackCard devname={DEVNAME} />);
    const card = screen.getByRole('region', { name: 'Numéros d’urgence' });
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toContain(
      'Numéros d’urgence',
    );
    expect(within(card).getByRole('status').textContent).toContain(
      'Copie locale en reconstruction — les informations reviennent dès la prochaine synchronisation',
    );
    const numbers = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(numbers).toEqual(['112Urgence européenne', '18Pompiers', '15SAMU']);
    // No copy held: no images, the numbers alone.
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it("shows the last copy's images with their text alternatives, in the page's language", () => {
    keepCopy();
    const { unmount } = renderInKiosk(<EmergencyFallbackCard devname={DEVNAME} />);
    expect(screen.getByRole('img', { name: 'Infirmerie : poste 2222' }).getAttribute('src')).toBe(
      'http://kiosk.test/media/images/numeros.webp',
    );
    expect(screen.queryByRole('img', { name: 'Infirmary: 2222' })).toBeNull();
    unmount();
    renderInKiosk(<EmergencyFallbackCard devname={DEVNAME} language="en" />);
    const card = screen.getByRole('region', { name: 'Emergency numbers' });
    expect(within(card).getByRole('status').textContent).toContain('being rebuilt');
    expect(within(card).getByText('European emergency number').isConnected).toBe(true);
    expect(within(card).getByRole('img', { name: 'Infirmary: 2222' }).isConnected).toBe(true);
  });

  it('writes the words of an image that does not load (not cached, offline)', () => {
    keepCopy();
    renderInKiosk(<EmergencyFallbackCard devname={DEVNAME} />);
    fireEvent.error(screen.getByRole('img', { name: 'Infirmerie : poste 2222' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Infirmerie : poste 2222').isConnected).toBe(true);
  });

  it('shows only while the local database holds no zone, and goes when a sync writes them', async () => {
    renderInKiosk(<EmergencyFallback />);
    expect((await screen.findByTestId('emergency-fallback')).isConnected).toBe(true);
    await act(async () => {
      await openKioskDb(DEVNAME).zones.put({ zoneid: 1, zonename: 'x', type: 'image' } as never);
    });
    await expect
      .poll(() => screen.queryByTestId('emergency-fallback'), { timeout: 5000 })
      .toBeNull();
  });

  it('never shows over a database that holds its zones', async () => {
    await openKioskDb(DEVNAME).zones.put({ zoneid: 1, zonename: 'x', type: 'image' } as never);
    renderInKiosk(
      <>
        <EmergencyFallback />
        <p>page</p>
      </>,
    );
    await screen.findByText('page');
    // The live query has answered once the count is read; the card never came.
    await act(async () => {
      await openKioskDb(DEVNAME).zones.count();
    });
    expect(screen.queryByTestId('emergency-fallback')).toBeNull();
  });
});
