/**
 * « Vous êtes ici » on the visitors' emergency page (issue 47): the site plan there carries this
 * totem's point too, labelled in the page's language — « You are here » over the English plan.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../app/testing/render-in-kiosk';
import { openKioskDb } from '../../lib/local-db/kiosk-db';
import { useOwnSettingsStore } from '../own-settings';
import VisitorEmergencyPage from './emergency-page';
import {
  clearLocalContent,
  renderVisitorPage,
  resetVisitorState,
  seedEnglishImages,
  seedImageZone,
} from './testing/render-visitor-page';
import { visitorPath } from './visitor-paths';

const PLAN = IMAGE_ZONES.sitePlan.fr;

/** Places the point on the plan image whose value ends so. */
async function markOn(suffix: string, x: number, y: number) {
  const elements = await openKioskDb(TEST_CONFIG.devname).elements.toArray();
  const element = elements.find((row) => row.value.endsWith(suffix))!;
  useOwnSettingsStore.setState({
    settings: {
      kioskId: 'this-totem',
      name: null,
      location: null,
      marks: [{ elementid: element.elementid, x, y, image: element.value }],
    },
  });
}

describe('« Vous êtes ici » on the visitors’ plan', () => {
  beforeEach(async () => {
    resetVisitorState();
    await seedImageZone(PLAN, 1);
    await seedEnglishImages(PLAN, 1);
  });
  afterEach(async () => {
    useOwnSettingsStore.setState({ settings: null });
    vi.restoreAllMocks();
    await clearLocalContent();
  });

  it('in English, over the English plan: « You are here »', async () => {
    await markOn('-en-1.svg', 0.3, 0.7);
    renderVisitorPage(<VisitorEmergencyPage />, 'en', visitorPath('urgence'));
    const marker = await screen.findByTestId('here-marker', undefined, { timeout: 5000 });
    expect(marker.textContent).toBe('You are here');
    expect(marker.style.left).toBe('30%');
    expect(within(marker.closest('button')!).getByRole('img').getAttribute('src')).toMatch(
      /-en-1\.svg$/,
    );
  });

  it('in French, over the French plan: « Vous êtes ici »; the English plan’s point is not shown there', async () => {
    await markOn('-en-1.svg', 0.3, 0.7);
    renderVisitorPage(<VisitorEmergencyPage />, 'fr', visitorPath('urgence'));
    await screen.findAllByRole('img', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('here-marker')).toBeNull();
    await markOn(`${encodeURIComponent(PLAN)}-1.svg`, 0.5, 0.5);
    expect((await screen.findByTestId('here-marker')).textContent).toBe('Vous êtes ici');
  });
});
