/**
 * One-off layouts: procedure step cards, client wordmarks, certificates, magazine and catalogue
 * covers, archive thumbnails, the A3 BE LEAN project board, and QR images.
 */
import QRCode from 'qrcode';
import {
  ACCENT_PALE,
  PALETTE,
  circle,
  escapeXml,
  fitSize,
  line,
  nest,
  paragraph,
  rect,
  round,
  seededRandom,
  svgDocument,
  text,
  wrapText,
  type Accent,
} from './kit.js';
import { pictogram, type PictogramName } from './pictograms.js';
import { productSilhouette, type ProductShape } from './products.js';
import { sceneSvg, type SceneKind } from './scenes.js';

// ---------- procedure step cards (checkList zones) ----------

export interface StepCard {
  procedure: string;
  step: number;
  total: number;
  title: string;
  lines: string[];
  icon: PictogramName;
  accent: Accent;
}

/** One step of an emergency procedure (1080 × 720): the kiosk lists the steps in order. */
export function stepCardSvg(card: StepCard): string {
  const accent = PALETTE[card.accent];
  let body = rect(0, 0, 1080, 720, '#FFFFFF');
  body += rect(0, 0, 1080, 96, PALETTE.gris1);
  body += text(60, 62, card.procedure.toUpperCase(), {
    size: fitSize(card.procedure.toUpperCase(), 30, 700, true),
    bold: true,
    fill: '#FFFFFF',
    letterSpacing: 2,
  });
  body += text(1020, 62, `Étape ${card.step} / ${card.total}`, {
    size: 28,
    fill: PALETTE.sable,
    anchor: 'end',
  });
  body += rect(0, 96, 1080, 10, accent);
  body += rect(0, 106, 250, 534, ACCENT_PALE[card.accent]);
  body += circle(125, 260, 90, accent);
  body += text(125, 300, String(card.step), {
    size: 120,
    bold: true,
    fill: '#FFFFFF',
    anchor: 'middle',
  });
  body += pictogram(card.icon, 125, 490, 70, PALETTE.gris1);
  // Every step repeats the numbers to call: a card may be read on its own.
  body += rect(0, 640, 1080, 80, PALETTE.sable);
  body += rect(0, 640, 250, 80, accent);
  body += text(125, 692, 'URGENCE', {
    size: 28,
    bold: true,
    fill: '#FFFFFF',
    anchor: 'middle',
    letterSpacing: 2,
  });
  body += text(290, 691, 'Interne 2222 · Pompiers 18 · SAMU 15 · 112', { size: 29, bold: true });
  const title = paragraph(300, 214, card.title, 730, {
    size: 56,
    bold: true,
    lineHeight: 64,
    fill: card.accent === 'corail' ? '#C24A33' : accent,
  });
  body += title.svg;
  let y = title.y + 30;
  for (const item of card.lines) {
    body += circle(312, y - 12, 10, accent);
    const para = paragraph(342, y, item, 690, { size: 36, lineHeight: 48 });
    body += para.svg;
    y = para.y + 16;
  }
  if (y > 630) throw new Error(`Step card "${card.title}" overflows by ${Math.round(y - 630)} px`);
  return svgDocument(1080, 720, `${card.procedure} — ${card.step}. ${card.title}`, body);
}

// ---------- client wordmarks ----------

export type WordmarkStyle = 'spaced' | 'bold' | 'boxed' | 'monogram' | 'underline' | 'split';

/** A fictive client's logo as a wordmark (600 × 300). */
export function clientLogoSvg(
  name: string,
  style: WordmarkStyle,
  colour: string,
  tagline: string,
): string {
  let body = rect(0, 0, 600, 300, '#FFFFFF');
  const upper = name.toUpperCase();
  switch (style) {
    case 'spaced':
      body += text(300, 160, upper, {
        size: fitSize(upper, 48, 440) - 2,
        fill: colour,
        anchor: 'middle',
        letterSpacing: 10,
      });
      body += line(200, 190, 400, 190, colour, 2);
      break;
    case 'bold':
      body += text(300, 170, name.toLowerCase(), {
        size: fitSize(name.toLowerCase(), 84, 520, true),
        bold: true,
        fill: colour,
        anchor: 'middle',
      });
      body += circle(300 + Math.min(260, name.length * 84 * 0.36), 170, 10, PALETTE.corail);
      break;
    case 'boxed':
      body += rect(90, 90, 420, 110, colour, { rx: 4 });
      body += text(300, 164, upper, {
        size: fitSize(upper, 52, 380, true),
        bold: true,
        fill: '#FFFFFF',
        anchor: 'middle',
        letterSpacing: 4,
      });
      break;
    case 'monogram':
      body += circle(150, 145, 70, 'none', `stroke="${colour}" stroke-width="6"`);
      body += text(150, 172, name.charAt(0), {
        size: 76,
        bold: true,
        fill: colour,
        anchor: 'middle',
      });
      body += text(250, 165, name, {
        size: fitSize(name, 50, 320, true),
        bold: true,
        fill: PALETTE.gris1,
      });
      break;
    case 'underline':
      body += text(300, 160, name, {
        size: fitSize(name, 64, 500),
        fill: colour,
        anchor: 'middle',
        italic: true,
      });
      body += rect(150, 184, 300, 6, PALETTE.corail, { rx: 3 });
      break;
    case 'split': {
      const [first, ...rest] = name.split(' ');
      body += text(300, 140, (first ?? name).toUpperCase(), {
        size: 58,
        bold: true,
        fill: colour,
        anchor: 'middle',
        letterSpacing: 6,
      });
      body += text(300, 196, rest.join(' ').toUpperCase() || 'PARIS', {
        size: 28,
        fill: PALETTE.gris1,
        anchor: 'middle',
        letterSpacing: 12,
      });
      break;
    }
  }
  body += text(300, 262, tagline, { size: 20, fill: PALETTE.gris2, anchor: 'middle' });
  return svgDocument(600, 300, `${name} — ${tagline}`, body);
}

// ---------- certificates ----------

export interface Certificate {
  standard: string;
  title: string;
  scope: string;
  number: string;
  issued: string;
  expires: string;
}

/** The fixed words of a certificate; French by default, English for the demo's English pages. */
export interface CertificateWords {
  heading: string;
  issuedTo: string;
  holder: string;
  activity: [string, string];
  scope: string;
  number: string;
  issued: string;
  expires: string;
  disclaimer: string;
}

export const FRENCH_CERTIFICATE_WORDS: CertificateWords = {
  heading: 'CERTIFICAT',
  issuedTo: 'délivré au',
  holder: 'Site du Neubourg',
  activity: [
    'Conception et fabrication de pompes et systèmes de distribution',
    'pour la parfumerie et la cosmétique',
  ],
  scope: "Domaine d'application",
  number: 'Certificat n°',
  issued: 'Délivré le',
  expires: "Valable jusqu'au",
  disclaimer: 'Organisme de certification accrédité — document de démonstration',
};

export const ENGLISH_CERTIFICATE_WORDS: CertificateWords = {
  heading: 'CERTIFICATE',
  issuedTo: 'awarded to',
  holder: 'Neubourg plant',
  activity: [
    'Design and manufacture of pumps and dispensing systems',
    'for perfumes and cosmetics',
  ],
  scope: 'Scope',
  number: 'Certificate no.',
  issued: 'Issued on',
  expires: 'Valid until',
  disclaimer: 'Accredited certification body — demonstration document',
};

export function certificateSvg(
  cert: Certificate,
  words: CertificateWords = FRENCH_CERTIFICATE_WORDS,
): string {
  let body = rect(0, 0, 1080, 1528, PALETTE.sable);
  body += rect(40, 40, 1000, 1448, '#FFFFFF', { stroke: PALETTE.bleu, strokeWidth: 6 });
  body += rect(60, 60, 960, 1408, 'none', { stroke: PALETTE.bleu, strokeWidth: 2 });
  for (let i = 0; i < 24; i++) {
    body += `<circle cx="540" cy="300" r="${120 + i * 2}" fill="none" stroke="${PALETTE.bleuPale}" stroke-width="1"/>`;
  }
  body += circle(540, 300, 110, PALETTE.bleu);
  body += text(540, 290, cert.standard.split(':')[0] ?? cert.standard, {
    size: 40,
    bold: true,
    fill: '#FFFFFF',
    anchor: 'middle',
  });
  body += text(540, 336, cert.standard.includes(':') ? `: ${cert.standard.split(':')[1]}` : '', {
    size: 28,
    fill: '#FFFFFF',
    anchor: 'middle',
  });
  body += text(540, 520, words.heading, {
    size: 64,
    bold: true,
    anchor: 'middle',
    letterSpacing: 12,
  });
  body += text(540, 580, cert.title, {
    size: fitSize(cert.title, 30, 860),
    anchor: 'middle',
    fill: PALETTE.bleu,
    bold: true,
  });
  body += text(540, 680, words.issuedTo, { size: 26, anchor: 'middle', italic: true });
  body += text(540, 740, words.holder, { size: 46, bold: true, anchor: 'middle' });
  body += text(540, 786, words.activity[0], {
    size: 23,
    anchor: 'middle',
  });
  body += text(540, 818, words.activity[1], { size: 23, anchor: 'middle' });
  body += text(540, 900, words.scope, {
    size: 24,
    bold: true,
    anchor: 'middle',
    fill: PALETTE.gris2,
  });
  let y = 944;
  for (const scopeLine of wrapText(cert.scope, 24, 800)) {
    body += text(540, y, scopeLine, { size: 24, anchor: 'middle' });
    y += 34;
  }
  body += rect(140, 1120, 800, 2, PALETTE.gris3);
  body += text(130, 1180, words.number, { size: 21, fill: PALETTE.gris2 });
  body += text(130, 1214, cert.number, { size: 22, bold: true });
  body += text(560, 1180, words.issued, { size: 21, fill: PALETTE.gris2, anchor: 'middle' });
  body += text(560, 1214, cert.issued, { size: 22, bold: true, anchor: 'middle' });
  body += text(950, 1180, words.expires, { size: 21, fill: PALETTE.gris2, anchor: 'end' });
  body += text(950, 1214, cert.expires, { size: 22, bold: true, anchor: 'end' });
  body += text(540, 1340, words.disclaimer, {
    size: 20,
    italic: true,
    anchor: 'middle',
    fill: PALETTE.gris2,
  });
  return svgDocument(1080, 1528, `${cert.standard} — ${cert.title}`, body);
}

// ---------- magazine ----------

export interface MagazineCover {
  number: number;
  month: string;
  headline: string;
  teaser: string;
  scene: SceneKind;
  contents: string[];
}

export const MAGAZINE_NAME = 'Le Fil du Neubourg';

export function magazineCoverSvg(cover: MagazineCover): string {
  const uid = `mag${cover.number}`;
  let body = rect(0, 0, 1080, 1528, PALETTE.sable);
  body += nest(
    sceneSvg(cover.scene, { title: cover.headline, caption: false, uid }),
    0,
    220,
    1080,
    760,
  );
  body += rect(0, 0, 1080, 220, PALETTE.gris1);
  body += text(70, 130, MAGAZINE_NAME, { size: 84, bold: true, fill: '#FFFFFF' });
  body += text(70, 184, `Le magazine du site · n°${cover.number} · ${cover.month}`, {
    size: 28,
    fill: PALETTE.corail,
    bold: true,
  });
  body += rect(0, 220, 1080, 12, PALETTE.corail);
  body += rect(60, 860, 960, 220, PALETTE.gris1);
  const headline = paragraph(100, 930, cover.headline, 880, {
    size: 50,
    bold: true,
    fill: '#FFFFFF',
    lineHeight: 58,
  });
  body += headline.svg;
  body += text(100, Math.min(headline.y + 8, 1060), cover.teaser, {
    size: fitSize(cover.teaser, 26, 880),
    fill: PALETTE.sable,
  });
  body += text(70, 1150, 'DANS CE NUMÉRO', {
    size: 26,
    bold: true,
    letterSpacing: 3,
    fill: '#C24A33',
  });
  cover.contents.slice(0, 4).forEach((item, i) => {
    body += circle(84, 1196 + i * 60, 8, PALETTE.corail);
    body += text(110, 1206 + i * 60, item, { size: fitSize(item, 30, 900), bold: i === 0 });
  });
  body += rect(0, 1468, 1080, 60, PALETTE.gris1);
  body += text(540, 1506, 'Site du Neubourg · fondé en 1947 · 690 collaborateurs', {
    size: 22,
    fill: PALETTE.sable,
    anchor: 'middle',
  });
  return svgDocument(1080, 1528, `${MAGAZINE_NAME} n°${cover.number} — ${cover.month}`, body);
}

// ---------- catalogue ----------

export function catalogueCoverSvg(
  category: string,
  subtitle: string,
  products: { shape: ProductShape; colour: string }[],
  accent: Accent,
): string {
  let body = rect(0, 0, 1080, 1528, PALETTE.sable);
  body += `<circle cx="540" cy="760" r="420" fill="${ACCENT_PALE[accent]}"/>`;
  body += `<circle cx="540" cy="760" r="300" fill="#FFFFFF" opacity="0.6"/>`;
  const n = products.length;
  products.forEach((product, i) => {
    const cx = 540 + (i - (n - 1) / 2) * 230;
    body += productSilhouette(
      product.shape,
      cx,
      1000,
      420 - Math.abs(i - (n - 1) / 2) * 60,
      product.colour,
    );
  });
  body += rect(0, 0, 1080, 300, PALETTE.gris1);
  body += text(80, 110, 'CATALOGUE PRODUITS 2024', {
    size: 28,
    bold: true,
    fill: PALETTE.corail,
    letterSpacing: 4,
  });
  body += text(80, 210, category, {
    size: fitSize(category, 86, 920, true),
    bold: true,
    fill: '#FFFFFF',
  });
  body += text(80, 264, subtitle, { size: fitSize(subtitle, 30, 920), fill: PALETTE.sable });
  body += rect(0, 300, 1080, 14, PALETTE[accent]);
  body += rect(0, 1300, 1080, 228, PALETTE.gris1);
  body += text(80, 1390, 'Pompes, sprays et systèmes de distribution', {
    size: 32,
    bold: true,
    fill: '#FFFFFF',
  });
  body += text(80, 1440, 'Conçus et fabriqués au Neubourg depuis 1963', {
    size: 26,
    fill: PALETTE.sable,
  });
  return svgDocument(1080, 1528, `Catalogue ${category}`, body);
}

// ---------- BE LEAN archives and boards ----------

export interface LeanProject {
  slug: string;
  title: string;
  totem: string;
  team: string[];
  leader: string;
  start: string;
  end: string;
  problem: string;
  objective: string;
  causes: string[];
  actions: { action: string; owner: string; due: string; done: boolean }[];
  kpi: { label: string; unit: string; before: number[]; after: number[] };
  result: string;
  gains: string[];
  standards: string[];
}

/** Cover of an archived, completed project, as a 600 × 848 thumbnail ("Nos Succès"). */
export function archiveThumbnailSvg(project: LeanProject): string {
  let body = rect(0, 0, 600, 848, '#FFFFFF');
  body += rect(0, 0, 600, 220, PALETTE.gris1);
  body += text(40, 70, `BE LEAN + · ${project.totem.toUpperCase()}`, {
    size: 22,
    bold: true,
    fill: PALETTE.corail,
    letterSpacing: 2,
  });
  const title = paragraph(40, 120, project.title, 520, {
    size: 34,
    bold: true,
    fill: '#FFFFFF',
    lineHeight: 40,
  });
  body += title.svg;
  body += rect(0, 220, 600, 10, PALETTE.vert);
  body += circle(300, 400, 120, PALETTE.vertPale);
  body += pictogram('check', 300, 400, 80, PALETTE.vert);
  body += text(300, 590, project.result, {
    size: fitSize(project.result, 40, 520, true),
    bold: true,
    fill: PALETTE.vert,
    anchor: 'middle',
  });
  body += text(300, 640, 'NOS SUCCÈS', {
    size: 26,
    bold: true,
    letterSpacing: 6,
    anchor: 'middle',
  });
  body += rect(40, 700, 520, 2, PALETTE.gris3);
  body += text(40, 750, `Pilote : ${project.leader}`, { size: 22 });
  body += text(40, 790, `${project.start} → ${project.end}`, { size: 22, fill: PALETTE.gris2 });
  return svgDocument(600, 848, `Nos Succès — ${project.title}`, body);
}

/** The A3 project board (2480 × 1754) with its four PDCA quadrants; small text meant to be zoomed. */
export function projectBoardSvg(project: LeanProject): string {
  const W = 2480;
  const H = 1754;
  let body = rect(0, 0, W, H, '#FFFFFF');
  body += rect(0, 0, W, 170, PALETTE.gris1);
  body += text(60, 70, `BE LEAN + · PROJET CI EN COURS · ${project.totem.toUpperCase()}`, {
    size: 30,
    bold: true,
    fill: PALETTE.corail,
    letterSpacing: 3,
  });
  body += text(60, 136, project.title, {
    size: fitSize(project.title, 60, 1500, true),
    bold: true,
    fill: '#FFFFFF',
  });
  body += text(W - 60, 80, `Pilote : ${project.leader}`, {
    size: 30,
    fill: '#FFFFFF',
    anchor: 'end',
  });
  body += text(W - 60, 126, `Équipe : ${project.team.join(', ')}`, {
    size: fitSize(`Équipe : ${project.team.join(', ')}`, 26, 820),
    fill: PALETTE.sable,
    anchor: 'end',
  });
  body += text(W - 60, 160, `Début ${project.start} · revue finale ${project.end}`, {
    size: 24,
    fill: PALETTE.sable,
    anchor: 'end',
  });
  const quadrants: { key: string; label: string; colour: string; x: number; y: number }[] = [
    { key: 'P', label: 'PLAN — Comprendre le problème', colour: PALETTE.bleu, x: 40, y: 200 },
    {
      key: 'D',
      label: 'DO — Mettre en œuvre les actions',
      colour: PALETTE.corail,
      x: 1260,
      y: 200,
    },
    { key: 'C', label: 'CHECK — Mesurer les résultats', colour: PALETTE.vert, x: 40, y: 990 },
    { key: 'A', label: 'ACT — Standardiser et partager', colour: PALETTE.gris1, x: 1260, y: 990 },
  ];
  const qw = 1180;
  const qh = 750;
  for (const q of quadrants) {
    body += rect(q.x, q.y, qw, qh, '#FFFFFF', { rx: 12, stroke: q.colour, strokeWidth: 4 });
    body += rect(q.x, q.y, qw, 70, q.colour, { rx: 12 });
    body += rect(q.x, q.y + 50, qw, 20, q.colour);
    body += circle(q.x + 44, q.y + 35, 24, '#FFFFFF');
    body += text(q.x + 44, q.y + 45, q.key, {
      size: 28,
      bold: true,
      fill: q.colour,
      anchor: 'middle',
    });
    body += text(q.x + 84, q.y + 46, q.label, { size: 32, bold: true, fill: '#FFFFFF' });
  }
  // PLAN: problem, objective, causes (fishbone).
  let y = 320;
  body += text(80, y, 'Problème', { size: 28, bold: true, fill: PALETTE.bleu });
  const problem = paragraph(80, y + 40, project.problem, 1100, { size: 24, lineHeight: 32 });
  body += problem.svg;
  y = problem.y + 24;
  body += text(80, y, 'Objectif', { size: 28, bold: true, fill: PALETTE.bleu });
  const objective = paragraph(80, y + 40, project.objective, 1100, {
    size: 24,
    lineHeight: 32,
    bold: true,
  });
  body += objective.svg;
  y = objective.y + 30;
  body += text(80, y, 'Analyse des causes (5M)', { size: 28, bold: true, fill: PALETTE.bleu });
  const spineY = y + 150;
  body += line(120, spineY, 1060, spineY, PALETTE.gris1, 5);
  body += `<path d="M1060 ${spineY - 30} L1150 ${spineY} L1060 ${spineY + 30} Z" fill="${PALETTE.bleu}"/>`;
  const labels = ['Main-d’œuvre', 'Méthode', 'Machine', 'Matière', 'Milieu'];
  labels.forEach((label, i) => {
    const bx = 200 + i * 180;
    const top = i % 2 === 0;
    body += line(bx, top ? spineY - 110 : spineY + 110, bx + 70, spineY, PALETTE.gris2, 3);
    body += text(bx - 10, top ? spineY - 120 : spineY + 138, label, {
      size: 22,
      bold: true,
      anchor: 'middle',
    });
    const cause = project.causes[i];
    if (cause) {
      wrapText(cause, 18, 170)
        .slice(0, 2)
        .forEach((causeLine, k) => {
          body += text(bx + 30, (top ? spineY - 60 : spineY + 60) + k * 22, causeLine, {
            size: 18,
            fill: '#5A5A5B',
            anchor: 'middle',
          });
        });
    }
  });
  // DO: action plan table.
  const cols = [60, 520, 210, 150, 130];
  const heads = ['#', 'Action', 'Responsable', 'Échéance', 'Statut'];
  let tx = 1290;
  y = 310;
  heads.forEach((head, i) => {
    body += text(tx + 10, y, head, { size: 24, bold: true });
    tx += cols[i] ?? 0;
  });
  body += rect(1290, y + 14, 1120, 3, PALETTE.corail);
  y += 60;
  project.actions.forEach((action, index) => {
    tx = 1290;
    if (index % 2 === 0) body += rect(1290, y - 34, 1120, 62, PALETTE.corailPale, { opacity: 0.6 });
    const cells = [String(index + 1), action.action, action.owner, action.due];
    cells.forEach((cell, i) => {
      const size = i === 1 ? fitSize(cell, 22, (cols[1] ?? 600) - 20) : 22;
      body += text(tx + 10, y, cell, { size, bold: i === 0 });
      tx += cols[i] ?? 0;
    });
    body += circle(tx + 40, y - 8, 16, action.done ? PALETTE.vert : PALETTE.corail);
    body += text(tx + 70, y, action.done ? 'Fait' : 'En cours', { size: 20 });
    y += 64;
  });
  // CHECK: before/after bar chart.
  const chartX = 120;
  const chartY = 1130;
  const chartH = 440;
  const all = [...project.kpi.before, ...project.kpi.after];
  const max = Math.max(...all) * 1.15;
  body += text(80, 1110, `${project.kpi.label} (${project.kpi.unit})`, {
    size: 26,
    bold: true,
    fill: PALETTE.vert,
  });
  body += line(chartX, chartY + chartH, chartX + 1040, chartY + chartH, PALETTE.gris1, 3);
  body += line(chartX, chartY + 20, chartX, chartY + chartH, PALETTE.gris1, 3);
  all.forEach((value, i) => {
    const barH = (value / max) * (chartH - 40);
    const bx = chartX + 30 + i * (1000 / all.length);
    const isAfter = i >= project.kpi.before.length;
    body += rect(
      bx,
      chartY + chartH - barH,
      1000 / all.length - 24,
      barH,
      isAfter ? PALETTE.vert : PALETTE.gris3,
    );
    body += text(bx + (1000 / all.length - 24) / 2, chartY + chartH - barH - 10, String(value), {
      size: 18,
      anchor: 'middle',
      bold: true,
    });
    body += text(bx + (1000 / all.length - 24) / 2, chartY + chartH + 30, `S${i + 1}`, {
      size: 18,
      anchor: 'middle',
      fill: PALETTE.gris2,
    });
  });
  body += rect(820, 1100, 24, 24, PALETTE.gris3) + text(854, 1120, 'Avant', { size: 20 });
  body += rect(960, 1100, 24, 24, PALETTE.vert) + text(994, 1120, 'Après', { size: 20 });
  body += text(80, 1680, `Résultat : ${project.result}`, {
    size: 30,
    bold: true,
    fill: PALETTE.vert,
  });
  // ACT: standards, gains.
  y = 1110;
  body += text(1300, y, 'Standardisation', { size: 28, bold: true });
  y += 44;
  for (const standard of project.standards) {
    body += circle(1314, y - 8, 8, PALETTE.gris1);
    const para = paragraph(1336, y, standard, 1060, { size: 24, lineHeight: 32 });
    body += para.svg;
    y = para.y + 10;
  }
  y += 24;
  body += text(1300, y, 'Gains', { size: 28, bold: true });
  y += 44;
  for (const gain of project.gains) {
    body += circle(1314, y - 8, 8, PALETTE.vert);
    const para = paragraph(1336, y, gain, 1060, { size: 24, lineHeight: 32 });
    body += para.svg;
    y = para.y + 10;
  }
  const random = seededRandom(project.title.length);
  for (let i = 0; i < 3; i++) {
    const colours = ['#FFE08A', PALETTE.corailPale, PALETTE.bleuPale];
    const nx = 2120 + i * 4;
    const ny = 1420 + i * 96;
    body += `<g transform="rotate(${round((random() - 0.5) * 6)} ${nx + 140} ${ny + 40})">${rect(nx, ny, 280, 84, colours[i] ?? '#FFF', { rx: 4 })}${text(nx + 20, ny + 50, ['Idée équipe', 'Point 5S', 'Revue S+4'][i] ?? '', { size: 22, italic: true })}</g>`;
  }
  return svgDocument(W, H, `BE LEAN + — ${project.title}`, body);
}

// ---------- QR codes ----------

/** A QR code image of `url` (error level L as the kiosk's own QR codes), 512 px wide. */
export async function qrSvg(url: string, label: string): Promise<string> {
  const raw = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'L',
    margin: 2,
    color: { dark: PALETTE.gris1, light: '#FFFFFF' },
  });
  // qrcode's SVG has a viewBox but no size; give it one and an accessible name.
  return raw
    .replace('<svg ', `<svg width="512" height="512" role="img" aria-label="${escapeXml(label)}" `)
    .replace(/\s*$/, '\n');
}
