import {
  CONTENT_ZONES,
  DEFAULT_SETTINGS,
  IMAGE_ZONES,
  totemZoneNames,
  type FrameCheck,
} from '@plant-kiosk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState, TEST_CONFIG } from '../../app/testing/render-in-kiosk';
import { installObserverShims } from '../../components/image-carousel/testing/layout-shims';
import { FRAME_LOAD_TIMEOUT_MS } from '../../components/external-frame/external-frame';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { createApiClient } from '../../lib/api/api-client';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { toGalleryItems } from '../content';
import { useConnectionStore } from '../network';
import ArchivesPage from './archives-page';
import ClientsProductsPage from './clients-products-page';
import EmergencyPage from './emergency-page';
import InformationsPage from './informations-page';
import ProjectsPage from './projects-page';
import QualityPage from './quality-page';
import { ZoneSection } from './staff-section';
import { staffRoutes } from './staff-routes';
import SuggestionFormPage from './suggestion-form-page';
import { clearContent, ContentBuilder, mediaOf } from './testing/content-builder';

// The real reader pulls in PDF.js; here we only need to see what it was asked to open.
vi.mock('../../components/pdf-reader', () => ({
  LazyPdfReader: (props: { file: string; initialPage?: number; title?: string }) => (
    <div role="dialog" aria-label={`Lecteur PDF : ${props.title}`} data-file={props.file}>
      page {props.initialPage}
    </div>
  ),
}));

beforeEach(async () => {
  installObserverShims();
  resetShellState();
  useConnectionStore.setState({ online: false, lastPingAt: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await clearContent();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('staff routes', () => {
  it('cover every staff route of docs/product.md#screens', () => {
    expect(staffRoutes.map((route) => route.path)).toEqual([
      'accueil/groupe',
      'accueil/siteNeubourg',
      'accueil/nosClientsNosProduits',
      'accueil/informations',
      'accueil/hse',
      'accueil/moulage',
      'accueil/qualite',
      'accueil/autresInformations',
      'accueil/urgence',
      'accueil/formulaire',
      'accueil/projets',
      'accueil/projets/archives',
    ]);
  });
});

describe('useZoneImages (gallery items of a zone)', () => {
  const element = (
    elementid: number,
    value: string,
    type: 'image' | 'text',
    addingdate: string,
  ) => ({
    elementid,
    zoneid: 1,
    order: elementid,
    value,
    type,
    addingdate,
  });

  it('keeps the image elements in order, with media URLs, alt texts and the new flag', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const items = toGalleryItems(
      [
        element(4, 'media/images/a.svg', 'image', '2026-11-22T08:00:00Z'),
        element(5, 'Un texte', 'text', '2026-01-01T00:00:00Z'),
        element(6, 'media/images/b.svg', 'image', '2026-11-20T08:00:00Z'),
        element(7, ' ', 'image', '2026-01-01T00:00:00Z'),
      ],
      'Menu',
      mediaOf,
      now,
    );
    expect(items).toEqual([
      { key: 4, src: mediaOf('media/images/a.svg'), alt: 'Menu, 1 / 2', isNew: true },
      { key: 6, src: mediaOf('media/images/b.svg'), alt: 'Menu, 2 / 2', isNew: false },
    ]);
    // A lone image is named by the zone alone.
    const single = toGalleryItems(
      [element(8, 'media/images/plan.svg', 'image', '2020-01-01T00:00:00Z')],
      'Plan',
      mediaOf,
      now,
    );
    expect(single[0]?.alt).toBe('Plan');
  });
});

describe('zone sections', () => {
  it('say that content is coming when the zone is empty or unknown, never a blank area', async () => {
    renderInKiosk(<ZoneSection title="EPI" zonename={IMAGE_ZONES.ppe.fr} anchorIndex={1} />);
    expect(await screen.findByText('Contenu bientôt disponible')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'EPI' }).id).toBe('section-1');
  });

  it('number the images of a checklist zone as steps to follow', async () => {
    const content = new ContentBuilder();
    content.imageZone(
      IMAGE_ZONES.fireAlarm.fr,
      ['media/images/etape-1.svg', 'media/images/etape-2.svg'],
      true,
    );
    await content.write();
    renderInKiosk(<ZoneSection title="Alarme incendie" zonename={IMAGE_ZONES.fireAlarm.fr} />);
    expect(await screen.findByLabelText('Étape 2')).toBeTruthy();
    expect(screen.getByText('Suivez les étapes dans l’ordre')).toBeTruthy();
    const images = within(screen.getByRole('list', { name: 'Alarme incendie' })).getAllByRole(
      'img',
    );
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      mediaOf('media/images/etape-1.svg'),
      mediaOf('media/images/etape-2.svg'),
    ]);
  });
});

describe('HR information page', () => {
  async function seedHrPage() {
    const content = new ContentBuilder();
    const guide = content.element(
      content.zone(CONTENT_ZONES.hrGuide, 'subgroups'),
      'Guide pratique RH — édition juillet 2023',
      'group',
    );
    content.group(guide, 'Document PDF', {
      titre: ['Guide pratique RH — édition juillet 2023'],
      pages: ['media/images/guide-cover.svg'],
      pdf: [{ value: 'pdf/guide-rh.pdf', type: 'pdf' }],
      sommaire: ['3|Bienvenue au Neubourg', '9|Formation', 'oops'],
    });
    const rules = content.element(
      content.zone(CONTENT_ZONES.houseRules, 'subgroups'),
      'Règlement intérieur — édition 2024',
      'group',
    );
    content.group(rules, 'Règlement intérieur', {
      pages: ['media/images/rules-1.svg', 'media/images/rules-2.svg'],
    });
    const magazine = content.zone(CONTENT_ZONES.magazine, 'subgroups');
    for (const [name, date] of [
      ['n°18 — mars 2023', '2023-03-01'],
      ['n°23 — octobre 2024', '2024-10-01'],
      ['n°20 — octobre 2023', '2023-10-01'],
    ] as const) {
      const issue = content.element(magazine, name, 'group');
      content.group(issue, 'Magazine', {
        mois: [{ value: date, type: 'date' }],
        pages: [`media/images/${date}-1.svg`, `media/images/${date}-2.svg`],
      });
    }
    await content.write();
  }

  it('opens the PDF reader at the page of the table-of-contents entry that was tapped', async () => {
    await seedHrPage();
    renderInKiosk(<InformationsPage />);
    const toc = await screen.findByRole('navigation', { name: /^Sommaire/ });
    const entries = within(toc).getAllByRole('button');
    // The unreadable entry is left out rather than opening a wrong page.
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Bienvenue au Neubourgp. 3',
      'Formationp. 9',
    ]);
    fireEvent.click(within(toc).getByRole('button', { name: 'Formation p. 9' }));
    const reader = screen.getByRole('dialog', { name: /^Lecteur PDF/ });
    expect(reader.textContent).toBe('page 9');
    expect(reader.dataset.file).toBe(mediaOf('pdf/guide-rh.pdf'));
    expect(useUiStore.getState().title).toBe('Informations RH et intégration');
  });

  it('opens the house rules as page images, and shows the newest magazine issue large', async () => {
    await seedHrPage();
    renderInKiosk(<InformationsPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: /Règlement intérieur — édition 2024/ }),
    );
    const viewer = screen.getByRole('dialog', { name: 'Règlement intérieur — édition 2024' });
    expect(within(viewer).getAllByRole('img')).toHaveLength(2);
    fireEvent.click(within(viewer).getByRole('button', { name: 'Fermer' }));

    const newest = await screen.findByRole('button', { name: /Dernier numéro/ });
    expect(newest.textContent).toContain('n°23 — octobre 2024');
    expect(newest.textContent).toContain('Octobre 2024');
    const carousel = screen.getByRole('region', { name: 'Numéros du magazine' });
    expect(
      within(carousel)
        .getAllByRole('button', { name: /n°/ })
        .map((button) => button.textContent),
    ).toEqual(['Octobre 2024', 'Octobre 2023', 'Mars 2023']);
    expect(carousel.dataset.playing).toBeUndefined();
    fireEvent.click(within(carousel).getByRole('button', { name: 'n°18 — mars 2023, Mars 2023' }));
    const issue = screen.getByRole('dialog', { name: 'n°18 — mars 2023' });
    expect(within(issue).getAllByRole('img')[0]?.getAttribute('src')).toBe(
      mediaOf('media/images/2023-03-01-1.svg'),
    );
  });

  it('says content is coming for each document that is not there yet', async () => {
    renderInKiosk(<InformationsPage />);
    await waitFor(() => expect(screen.getAllByText('Contenu bientôt disponible')).toHaveLength(3));
  });
});

describe('clients and products page', () => {
  it('opens a product’s detail image, with its video when it has one; catalogue and QR', async () => {
    const content = new ContentBuilder();
    content.imageZone(IMAGE_ZONES.clients.fr, ['media/images/logo-a.svg']);
    const products = content.zone(IMAGE_ZONES.products.fr, 'subgroups');
    const perfume = content.element(products, 'Parfum', 'group');
    content.group(perfume, 'Produit', {
      titre: ['Lyra'],
      image: ['media/images/lyra-1.svg', 'media/images/lyra-2.svg'],
      détail_produit: ['media/images/lyra-fiche.svg'],
    });
    content.group(perfume, 'Produit', {
      titre: ['Brume fine'],
      image: ['media/images/brume.svg'],
      détail_produit: ['media/images/brume-fiche.svg'],
      vidéo: [{ value: 'media/videos/brume.webm', type: 'video' }],
    });
    content.group(perfume, 'Catalogue', {
      pages: ['media/images/cat-1.svg', 'media/images/cat-2.svg'],
      qr: ['media/images/qr.svg'],
    });
    const care = content.element(products, 'Soin', 'group');
    content.group(care, 'Produit', { titre: ['Velum'], image: ['media/images/velum.svg'] });
    await content.write();

    renderInKiosk(<ClientsProductsPage />);
    expect(await screen.findByText('Liste non exhaustive')).toBeTruthy();
    const lyra = await screen.findByRole('button', { name: 'LYRA' });
    // Decorative thumbnails (the button is named by its title).
    expect(lyra.querySelectorAll('img')).toHaveLength(2);

    fireEvent.click(lyra);
    let popup = screen.getByRole('dialog', { name: 'LYRA' });
    expect(within(popup).getByRole('img', { name: 'Fiche produit LYRA' })).toBeTruthy();
    expect(popup.querySelector('video')).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Fermer' }));

    fireEvent.click(screen.getByRole('button', { name: 'BRUME FINE' }));
    popup = screen.getByRole('dialog', { name: 'BRUME FINE' });
    const video = popup.querySelector('video');
    expect(video?.getAttribute('src')).toBe(mediaOf('media/videos/brume.webm'));
    expect(video?.muted).toBe(true);
    fireEvent.click(within(popup).getByRole('button', { name: 'Fermer' }));

    const qr = screen.getByRole('img', { name: 'QR code : Téléchargez le catalogue Parfum' });
    expect(qr.closest('figure')?.textContent).toContain('Téléchargez le catalogue');
    // The spec's QR tile (120 px) and a 500 px catalogue cover (docs/product.md#constants; totem-size screen fixes).
    expect(qr.closest('figure')?.classList.contains('qr-tile')).toBe(true);
    expect(qr.getAttribute('width')).toBe('120');
    const cover = screen.getByRole('button', { name: /^Catalogue Parfum/ }).querySelector('img');
    expect(cover?.getAttribute('width')).toBe('500');
    // The category without a catalogue says its QR code is being deployed.
    expect(screen.getByText('En cours de déploiement')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Catalogue Parfum/ }));
    const catalogue = screen.getByRole('dialog', { name: 'Catalogue Parfum' });
    expect(within(catalogue).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(2);
  });

  it('shows the friendly message when there are no clients and no products', async () => {
    renderInKiosk(<ClientsProductsPage />);
    await waitFor(() => expect(screen.getAllByText('Contenu bientôt disponible')).toHaveLength(2));
  });
});

describe('emergency page', () => {
  it('puts the emergency numbers first, on the first screen, before the first-aider list (totem-size screen fixes)', async () => {
    const content = new ContentBuilder();
    content.imageZone(IMAGE_ZONES.emergencyNumbers.fr, ['media/images/numeros.svg']);
    content.imageZone(IMAGE_ZONES.firstAiders.fr, ['media/images/sst.svg']);
    await content.write();
    renderInKiosk(<EmergencyPage />);
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map(
      (h) => h.textContent,
    );
    expect(headings.slice(0, 2)).toEqual(["Numéros d'urgence", 'Liste SST']);
    expect(document.getElementById('section-0')?.textContent).toContain("Numéros d'urgence");
    expect(useUiStore.getState().anchors[0]).toBe("Numéros d'urgence");
  });
});

describe('quality page', () => {
  it('shows the environment policy to staff, not to a visitor totem', async () => {
    renderInKiosk(<QualityPage />);
    expect(await screen.findByRole('heading', { name: 'Politique environnement' })).toBeTruthy();
    act(() => useUiStore.setState({ parcours: 'visiteur' }));
    expect(screen.queryByRole('heading', { name: 'Politique environnement' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Certifications qualité' })).toBeTruthy();
  });
});

describe('suggestion form page', () => {
  const FORM = 'https://forms.test/idees';
  const publishForm = (suggestionFormUrl: string | null) =>
    act(() =>
      useSettingsStore.setState({
        settings: { ...DEFAULT_SETTINGS, suggestionFormUrl },
        loaded: true,
      }),
    );

  it('shows the published form, sandboxed, in its 980×1050 frame online', () => {
    publishForm(FORM);
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
    renderInKiosk(<SuggestionFormPage />);
    const frame = screen.getByTitle('Formulaire de suggestion');
    expect(frame.getAttribute('src')).toBe(FORM);
    expect(frame.getAttribute('width')).toBe('980');
    expect(frame.getAttribute('height')).toBe('1050');
    expect(frame.getAttribute('sandbox')).toBe('allow-forms allow-scripts allow-same-origin');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('says the form is not configured when the development publishes no address', () => {
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
    renderInKiosk(<SuggestionFormPage />);
    expect(screen.getByRole('status').textContent).toContain(
      'Le formulaire n’est pas encore configuré',
    );
    expect(screen.queryByTitle('Formulaire de suggestion')).toBeNull();
    // A publish brings the frame without a reload.
    publishForm(FORM);
    expect(screen.getByTitle('Formulaire de suggestion').getAttribute('src')).toBe(FORM);
  });

  it('says the form is not available offline, and brings it back when the network returns', () => {
    publishForm(FORM);
    useConnectionStore.setState({ online: false, lastPingAt: new Date().toISOString() });
    renderInKiosk(<SuggestionFormPage />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Le formulaire n’est pas disponible hors ligne',
    );
    expect(screen.queryByTitle('Formulaire de suggestion')).toBeNull();
    act(() => useConnectionStore.setState({ online: true }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTitle('Formulaire de suggestion')).toBeTruthy();
  });

  it('replaces the frame with a message when the page’s policy refuses its address', () => {
    publishForm(FORM);
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
    renderInKiosk(<SuggestionFormPage />);
    // What Chromium dispatches when frame-src does not list the form's origin.
    const violation = new Event('securitypolicyviolation') as Event & Record<string, string>;
    Object.assign(violation, { violatedDirective: 'frame-src', blockedURI: FORM });
    act(() => void document.dispatchEvent(violation));
    expect(screen.queryByTitle('Formulaire de suggestion')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('disponible dans un instant');
  });

  it('says the form cannot be shown when its site refuses to be framed (the service’s check)', async () => {
    publishForm(FORM);
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
    const check: FrameCheck = { url: FORM, status: 'refused' };
    const api = createApiClient(TEST_CONFIG, () => 'token', {
      fetch: () =>
        Promise.resolve(
          Response.json({
            data: { devid: 1, suggestionFormUrl: check, websiteUrl: null },
            message: 'OK',
            error: null,
          }),
        ),
    });
    renderInKiosk(<SuggestionFormPage />, { kiosk: { api } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Le formulaire ne peut pas s’afficher sur la borne',
    );
    expect(screen.queryByTitle('Formulaire de suggestion')).toBeNull();
  });

  it('tries the frame when the service cannot say, and asks again at the next opening', async () => {
    publishForm(FORM);
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
    const check: FrameCheck = { url: FORM, status: 'unknown' };
    let asked = 0;
    const api = createApiClient(TEST_CONFIG, () => 'token', {
      fetch: () => {
        asked += 1;
        return Promise.resolve(
          Response.json({
            data: { devid: 1, suggestionFormUrl: check, websiteUrl: null },
            message: 'OK',
            error: null,
          }),
        );
      },
    });
    const first = renderInKiosk(<SuggestionFormPage />, { kiosk: { api } });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.getByTitle('Formulaire de suggestion')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();
    renderInKiosk(<SuggestionFormPage />, { kiosk: { api } });
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.getByTitle('Formulaire de suggestion')).toBeTruthy();
  });

  it('says the form does not answer when its frame never loads', () => {
    vi.useFakeTimers();
    try {
      publishForm(FORM);
      useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
      renderInKiosk(<SuggestionFormPage />);
      expect(screen.getByTitle('Formulaire de suggestion')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
      });
      expect(screen.getByRole('alert').textContent).toContain('Le formulaire ne répond pas');
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the first network check instead of flashing the offline message', () => {
    publishForm(FORM);
    renderInKiosk(<SuggestionFormPage />);
    expect(screen.getByRole('status').textContent).toBe('Vérification de la connexion…');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('BE LEAN +', () => {
  async function seedLean() {
    const content = new ContentBuilder();
    for (const totem of ['Moulage', 'Assemblage'] as const) {
      const names = totemZoneNames(totem);
      content.imageZone(names.projects, [`media/images/plan-${totem}.svg`]);
      const pdfs = content.zone(names.pdfs, 'subgroups');
      const doc = content.element(pdfs, `Projet ${totem}`, 'group');
      content.group(doc, 'Document PDF', {
        titre: [`Projet ${totem}`],
        pages: [`media/images/doc-${totem}-1.svg`, `media/images/doc-${totem}-2.svg`],
      });
      const archives = content.zone(names.archives);
      const archive = content.element(archives, `media/images/succes-${totem}.svg`);
      content.pages(archive, [
        `media/images/succes-${totem}-p1.svg`,
        `media/images/succes-${totem}-p2.svg`,
      ]);
    }
    await content.write();
  }

  it('shows Moulage’s projects and hides the home button while no totem type is stored', async () => {
    await seedLean();
    renderInKiosk(<ProjectsPage />);
    expect(await screen.findByRole('img', { name: 'Plan du projet' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Plan du projet' }).getAttribute('src')).toBe(
      mediaOf('media/images/plan-Moulage.svg'),
    );
    expect(useUiStore.getState().hideHomeButton).toBe(true);
    expect(screen.getByRole('link', { name: /Nos Succès/ }).getAttribute('href')).toBe(
      '/accueil/projets/archives',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Projet Moulage' }));
    const viewer = screen.getByRole('dialog', { name: 'Projet Moulage' });
    expect(within(viewer).getAllByRole('img')).toHaveLength(2);
  });

  it('follows the stored totem type, and then shows the home button', async () => {
    await seedLean();
    localStorage.setItem('totem', 'Assemblage');
    resetShellState();
    renderInKiosk(<ProjectsPage />);
    expect(await screen.findByRole('button', { name: 'Projet Assemblage' })).toBeTruthy();
    expect(useUiStore.getState().hideHomeButton).toBe(false);
  });

  it('archives: a thumbnail opens that project’s pages', async () => {
    await seedLean();
    renderInKiosk(<ArchivesPage />);
    const thumbnail = await screen.findByRole('button', { name: /^Agrandir : Nos Succès/ });
    expect(within(thumbnail).getByRole('img').getAttribute('src')).toBe(
      mediaOf('media/images/succes-Moulage.svg'),
    );
    fireEvent.click(thumbnail);
    const viewer = screen.getByRole('dialog');
    await waitFor(() =>
      expect(
        within(viewer)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual([
        mediaOf('media/images/succes-Moulage-p1.svg'),
        mediaOf('media/images/succes-Moulage-p2.svg'),
      ]),
    );
  });
});
