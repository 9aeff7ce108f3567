/**
 * English content: English visitor pages show a zone's English version when it has one, its French
 * one with the "FR" mark otherwise; French pages (and staff pages, which ask for French) never show
 * the English version.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VisitorQualityPage from './quality-page';
import {
  clearLocalContent,
  renderVisitorPage,
  resetVisitorState,
  seedEnglishImages,
  seedImageZone,
} from './testing/render-visitor-page';
import { visitorPath } from './visitor-paths';

const POLICIES = IMAGE_ZONES.qualityPolicies.fr;
const CERTIFICATIONS = IMAGE_ZONES.qualityCertifications.fr;

/** The image files a gallery shows, by the name of its list. */
async function imagesOf(name: string): Promise<string[]> {
  const list = await screen.findByRole('list', { name }, { timeout: 5000 });
  await waitFor(() => expect(within(list).queryAllByRole('img').length).toBeGreaterThan(0));
  return within(list)
    .getAllByRole('img')
    .map((img) => decodeURIComponent(img.getAttribute('src') ?? '').replace(/^.*\//, ''));
}

const sectionOf = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section')!;

describe('visitor pages in two languages', () => {
  beforeEach(async () => {
    resetVisitorState();
    await seedImageZone(POLICIES, 2);
    await seedEnglishImages(POLICIES, 1);
    await seedImageZone(CERTIFICATIONS, 2);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearLocalContent();
  });

  it('in English: the English version where there is one, the French one marked FR elsewhere', async () => {
    renderVisitorPage(<VisitorQualityPage />, 'en', visitorPath('qualite'));
    expect(await imagesOf('Quality policies')).toEqual([`${POLICIES}-en-1.svg`]);
    expect(await imagesOf('Quality certifications')).toEqual([
      `${CERTIFICATIONS}-1.svg`,
      `${CERTIFICATIONS}-2.svg`,
    ]);
    // The mark: on the French zone only, seen as "FR", heard as an English sentence.
    const certifications = sectionOf('Quality certifications');
    expect(within(certifications).getByText('FR').getAttribute('lang')).toBe('fr');
    expect(
      within(certifications).getByText('Shown in French: no English version yet'),
    ).toBeTruthy();
    expect(within(sectionOf('Quality policies')).queryByText('FR')).toBeNull();
  });

  it('in French: the French version only, unmarked', async () => {
    renderVisitorPage(<VisitorQualityPage />, 'fr', visitorPath('qualite'));
    expect(await imagesOf('Politiques qualité')).toEqual([
      `${POLICIES}-1.svg`,
      `${POLICIES}-2.svg`,
    ]);
    expect(await imagesOf('Certifications qualité')).toHaveLength(2);
    expect(screen.queryByText('FR')).toBeNull();
  });
});
