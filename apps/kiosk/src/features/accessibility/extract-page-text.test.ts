/**
 * What « Lire à voix haute » says, on pages built as the kiosk draws them: a staff page (headband
 * title, sections, zone galleries whose buttons carry an action name), an English visitor page
 * with a French-only zone, the staff home (its marquee's looping copy), and a page without a
 * headband.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { currentPageRoots, extractPageText } from './extract-page-text';
import { toSpeechChunks, splitLong, MAX_UTTERANCE_CHARS } from './speech-chunks';

function page(html: string, lang = 'fr') {
  document.documentElement.lang = lang;
  document.body.innerHTML = html;
  return extractPageText(currentPageRoots(), lang);
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'fr';
});

const HEADER = `
  <header class="frame-header">
    <a aria-label="Retour à l’accueil"><img alt="" src="logo.svg"></a>
    <div title="Heure et date"><span class="clock__time">09:41</span></div>
  </header>`;
const FOOTER = `
  <footer class="frame-footer">
    <button type="button" class="accessibility-button"><span>Accessibilité</span></button>
    <p class="frame-footer__text">Site du Neubourg</p>
  </footer>`;

describe('extractPageText', () => {
  it('reads a staff page: title, section names, texts and the pictures’ alternatives, in order', () => {
    const pieces = page(`
      ${HEADER}
      <div class="banner" data-testid="banner">
        <a class="banner__home" aria-label="Retour à l’accueil"><svg aria-hidden="true"></svg><span>Accueil</span></a>
        <h1 class="banner__title">HSE</h1>
        <nav aria-label="Sections de la page"><button>Politiques et contacts HSE</button><button>EPI</button></nav>
      </div>
      <main id="contenu">
        <div class="staff-page">
          <section aria-labelledby="s0">
            <header><h2 id="s0">Politiques et contacts HSE</h2>
            <p class="staff-section__subtitle">Nos engagements   pour la sécurité.</p></header>
            <ul aria-label="Politiques HSE">
              <li><button aria-label="Ouvrir Politique HSE, 1 / 2"><img alt="Politique HSE, 1 / 2" src="a.svg"></button></li>
              <li><button aria-label="Ouvrir Politique HSE, 2 / 2, nouveau"><img alt="Politique HSE, 2 / 2" src="b.svg"><span class="zone-gallery__badge">Nouveau</span></button></li>
            </ul>
          </section>
          <section aria-labelledby="s1">
            <header><h2 id="s1">EPI</h2></header>
            <p>Portez vos <strong>lunettes</strong> et vos chaussures.</p>
            <p class="zone-gallery__empty" hidden>Rien pour l’instant</p>
            <p style="display: none">Texte masqué</p>
            <div style="visibility: hidden">Texte invisible</div>
            <svg role="img" aria-label="Pictogramme casque obligatoire"></svg>
            <img src="deco.svg" alt="">
          </section>
        </div>
      </main>
      ${FOOTER}`);
    expect(pieces).toEqual([
      { text: 'HSE', lang: 'fr' },
      { text: 'Politiques et contacts HSE', lang: 'fr' },
      { text: 'Nos engagements pour la sécurité.', lang: 'fr' },
      { text: 'Politique HSE, 1 / 2', lang: 'fr' },
      { text: 'Politique HSE, 2 / 2', lang: 'fr' },
      { text: 'Nouveau', lang: 'fr' },
      { text: 'EPI', lang: 'fr' },
      { text: 'Portez vos lunettes et vos chaussures.', lang: 'fr' },
      { text: 'Pictogramme casque obligatoire', lang: 'fr' },
    ]);
    // Never the clock, the header or the accessibility button itself.
    const said = pieces.map((piece) => piece.text).join(' ');
    for (const absent of ['09:41', 'Accessibilité', 'Ouvrir', 'Sections', 'Accueil']) {
      expect(said).not.toContain(absent);
    }
  });

  it('reads an English visitor page in English, and a piece marked French in French', () => {
    const pieces = page(
      `
      <div class="banner" data-testid="banner"><h1 class="banner__title">Quality</h1></div>
      <main id="contenu">
        <div class="visitor-page">
          <p class="visitor-lead">Quality is everyone’s job. It starts at the press.</p>
          <section aria-labelledby="q1">
            <h2 id="q1">Quality certifications</h2>
            <p class="visitor-fr-mark"><span lang="fr" aria-hidden="true">FR</span><span class="visually-hidden">Shown in French: no English version yet</span></p>
            <ul aria-label="Quality certifications"><li><button aria-label="Open Quality certifications, 1 / 1"><img alt="Quality certifications, 1 / 1" src="c.svg"></button></li></ul>
            <blockquote lang="fr">Notre charte qualité, signée par la direction.</blockquote>
          </section>
        </div>
      </main>`,
      'en',
    );
    expect(pieces).toEqual([
      { text: 'Quality', lang: 'en' },
      { text: 'Quality is everyone’s job. It starts at the press.', lang: 'en' },
      { text: 'Quality certifications', lang: 'en' },
      // The visually-hidden sentence is for whoever cannot see the badge: it is read.
      { text: 'Shown in French: no English version yet', lang: 'en' },
      { text: 'Quality certifications, 1 / 1', lang: 'en' },
      { text: 'Notre charte qualité, signée par la direction.', lang: 'fr' },
    ]);
  });

  it('reads the home without a headband, its marquee once (not its looping copy)', () => {
    const pieces = page(`
      ${HEADER}
      <main id="contenu">
        <div class="marquee"><p class="visually-hidden">Bienvenue au Neubourg</p>
          <div class="marquee__track" aria-hidden="true"><span>Bienvenue au Neubourg</span><span>Bienvenue au Neubourg</span></div></div>
        <nav data-testid="home-rows">
          <!-- Tiles are flex boxes in the kiosk's CSS (jsdom has no style sheet: said inline). -->
          <a href="#/accueil/urgence" style="display: flex"><span>Urgence</span> <span>Numéros et consignes</span></a>
          <a href="#/accueil/hse" style="display: flex"><span>HSE</span></a>
        </nav>
      </main>
      ${FOOTER}`);
    expect(pieces.map((piece) => piece.text)).toEqual([
      'Bienvenue au Neubourg',
      'Urgence Numéros et consignes',
      'HSE',
    ]);
  });

  it('finds nothing on an empty frame', () => {
    expect(page('<main id="contenu"></main>')).toEqual([]);
  });
});

describe('toSpeechChunks', () => {
  it('says one sentence per utterance, in the piece’s language', () => {
    expect(
      toSpeechChunks([
        { text: 'Bienvenue. M. Dupont vous accueille à 9 h. Bonne visite !', lang: 'fr' },
        { text: 'Welcome.', lang: 'en' },
      ]),
    ).toEqual([
      { text: 'Bienvenue.', lang: 'fr' },
      { text: 'M. Dupont vous accueille à 9 h.', lang: 'fr' },
      { text: 'Bonne visite !', lang: 'fr' },
      { text: 'Welcome.', lang: 'en' },
    ]);
  });

  it('cuts a sentence longer than the limit at a comma or a space, losing no word', () => {
    const long = Array.from({ length: 40 }, (_, index) => `mot${index}, encore`).join(' ');
    const parts = splitLong(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS);
    expect(parts.join(' ')).toBe(long);
    expect(parts[0]).toMatch(/,$/);
  });
});
