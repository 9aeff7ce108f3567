import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en';
import { fr, type Translation } from '../../i18n/fr';
import { LANGUAGES, type Language } from '../../i18n/i18n';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { VisitorHome } from '../home';
import { catalogueEn, catalogueFr } from '../visitor-tour';
import VisitorEmergencyPage from './emergency-page';
import VisitorEnvironmentPage from './environment/environment-page';
import VisitorGroupPage from './group-page';
import VisitorHsePage from './hse-page';
import VisitorQualityPage from './quality-page';
import VisitorRangePage from './range/range-page';
import VisitorSitePage from './site-page';
import {
  clearLocalContent,
  renderVisitorPage,
  resetVisitorState,
  seedImageZone,
} from './testing/render-visitor-page';
import { VISITOR_PAGE_SLUGS, visitorPath, type VisitorPageSlug } from './visitor-paths';

const PAGES: Record<VisitorPageSlug, ComponentType> = {
  groupe: VisitorGroupPage,
  siteNeubourg: VisitorSitePage,
  gamme: VisitorRangePage,
  hse: VisitorHsePage,
  qualite: VisitorQualityPage,
  environnement: VisitorEnvironmentPage,
  urgence: VisitorEmergencyPage,
};

const LOADING = /^(Chargement…|Loading…)$/;

async function renderPage(slug: VisitorPageSlug, language: Language) {
  const Page = PAGES[slug];
  const result = renderVisitorPage(<Page />, language, visitorPath(slug));
  // Let the local database answer: the galleries leave their loading state.
  await waitFor(() => expect(screen.queryAllByText(LOADING)).toEqual([]), { timeout: 5000 });
  return result;
}

const leaves = (value: object, prefix = ''): [string, unknown][] =>
  Object.entries(value).flatMap(([key, child]) =>
    child !== null && typeof child === 'object'
      ? leaves(child as object, `${prefix}${key}.`)
      : [[prefix + key, child] as [string, unknown]],
  );

describe('visitor texts', () => {
  it('every visitor key exists in both languages, as a non-empty text', () => {
    const visitorParts = (texts: Translation) => ({
      visitorHome: texts.visitorHome,
      visitorPages: texts.visitorPages,
      pages: Object.fromEntries(
        Object.entries(texts.pages).filter(([key]) => key.startsWith('visiteur')),
      ),
    });
    const frLeaves = leaves(visitorParts(fr));
    const enLeaves = leaves(visitorParts(en));
    expect(enLeaves.map(([key]) => key).sort()).toEqual(frLeaves.map(([key]) => key).sort());
    for (const [key, value] of [...frLeaves, ...enLeaves]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
    // Every visitor route has its banner title.
    expect(Object.keys(visitorParts(fr).pages)).toHaveLength(VISITOR_PAGE_SLUGS.length + 1);
  });
});

describe('visitor pages', () => {
  beforeEach(() => resetVisitorState());
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearLocalContent();
  });

  for (const language of LANGUAGES) {
    for (const slug of VISITOR_PAGE_SLUGS) {
      it(`${slug} renders in ${language} with every text translated and its anchors`, async () => {
        await renderPage(slug, language);
        expect(document.body.innerHTML).not.toContain('missing translation');
        const { title, anchors, crumbs } = useUiStore.getState();
        expect(title).toBeTruthy();
        expect(`${title} ${anchors.join(' ')}`).not.toContain('missing translation');
        // One section per anchor button, titled like it (an anchor may be a shorter form).
        anchors.forEach((label, index) => {
          const section = document.getElementById(`section-${index}`);
          expect(section, label).not.toBeNull();
          const heading = within(section!).getAllByRole('heading')[0]!.textContent ?? '';
          expect(heading.toLowerCase()).toContain(label.toLowerCase());
        });
        expect(crumbs.map((crumb) => crumb.label)).toEqual(
          language === 'en' ? ['Home', 'Visitors', title] : ['Accueil', 'Visiteurs', title],
        );
      });
    }

    it(`the visitor home renders in ${language} with every text translated`, () => {
      renderVisitorPage(<VisitorHome />, language, '/accueil/visiteur');
      expect(document.body.innerHTML).not.toContain('missing translation');
    });
  }

  it('titles the zones with their English names on English pages', async () => {
    await seedImageZone(IMAGE_ZONES.qualityPolicies.fr, 2);
    const { unmount } = await renderPage('qualite', 'en');
    expect(useUiStore.getState().anchors).toEqual(['Quality policies', 'Quality certifications']);
    const list = await screen.findByRole('list', { name: 'Quality policies' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Quality policies, 1 / 2', 'Quality policies, 2 / 2']);
    // English gallery texts, and the friendly message of an empty zone.
    expect(within(list).getAllByRole('button')[0]!.getAttribute('aria-label')).toBe(
      'Enlarge: Quality policies, 1 / 2',
    );
    expect(screen.getByText('Content coming soon')).toBeTruthy();
    unmount();

    await renderPage('siteNeubourg', 'en');
    expect(useUiStore.getState().anchors).toEqual([
      'Plant introduction',
      'Molding unit',
      'Assembly unit',
      'Support departments',
      catalogueEn.plantSite.video.title,
    ]);
  });

  it('keeps the French zone names on French pages', async () => {
    await renderPage('qualite', 'fr');
    expect(useUiStore.getState().anchors).toEqual(['Politiques qualité', 'Certifications qualité']);
  });

  it('shows no environment policy on the quality page, but on the environment page', async () => {
    for (const language of LANGUAGES) {
      const { unmount } = await renderPage('qualite', language);
      const text = document.body.textContent ?? '';
      expect(text).not.toContain(IMAGE_ZONES.environmentPolicy.en);
      expect(text).not.toContain(IMAGE_ZONES.environmentPolicy.fr);
      unmount();
    }
    await renderPage('environnement', 'en');
    expect(useUiStore.getState().anchors).toContain(IMAGE_ZONES.environmentPolicy.en);
  });

  it('draws the circularity indicator as a 0-to-1 gauge', async () => {
    await renderPage('environnement', 'en');
    const gauge = screen.getByRole('img', { name: /Circularity indicator scale, from 0/ });
    expect(gauge.textContent).toContain('0');
    expect(gauge.textContent).toContain('1');
    expect(gauge.textContent).toContain(catalogueEn.environment.circularity.scaleMax.label);
    for (const figure of catalogueEn.environment.targets.figures) {
      expect(screen.getByText(figure.label)).toBeTruthy();
    }
  });

  it('shows the group texts and figures in French', async () => {
    await renderPage('groupe', 'fr');
    expect(screen.getByText(catalogueFr.group.intro)).toBeTruthy();
    for (const figure of catalogueFr.group.beautyDivision.figures) {
      expect(screen.getByText(figure.label)).toBeTruthy();
    }
    // No video synchronised yet: a clear message instead of a black box.
    expect(
      await screen.findByText('La vidéo sera bientôt disponible.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
