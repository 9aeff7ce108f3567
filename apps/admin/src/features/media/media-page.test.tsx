import type { AdminDevelopment, MediaItem } from '@plant-kiosk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { matchesSearch, MediaLibrary } from './media-page';

const item = (mediaid: number, kind: MediaItem['kind'], originalName: string): MediaItem => ({
  mediaid,
  devid: 1,
  kind,
  originalName,
  contentType: kind === 'pdf' ? 'application/pdf' : kind === 'video' ? 'video/mp4' : 'image/webp',
  bytes: 1024,
  width: null,
  height: null,
  value: `media/uploads/1/${originalName}`,
  url: `/media/uploads/1/${originalName}`,
  thumbnailUrl: kind === 'image' ? `/media/thumbs/1/${originalName}` : null,
  createdAt: '2026-11-01T08:00:00.000Z',
  usedBy: [],
  usedByTemplates: [],
  fileProblem: null,
});

const LIBRARY = [
  item(1, 'image', 'plan-du-site.webp'),
  item(2, 'pdf', 'Règlement intérieur.pdf'),
  item(3, 'video', 'film-60-ans.mp4'),
];

afterEach(() => vi.unstubAllGlobals());

describe('media library (totem-size screen fixes)', () => {
  it('matches every word of the search, without accents or case', () => {
    expect(matchesSearch(LIBRARY[1]!, 'reglement')).toBe(true);
    expect(matchesSearch(LIBRARY[1]!, 'INTÉRIEUR règl')).toBe(true);
    expect(matchesSearch(LIBRARY[1]!, 'reglement film')).toBe(false);
    expect(matchesSearch(LIBRARY[0]!, '  ')).toBe(true);
  });

  it('has a search box, and pictures for PDFs and videos instead of a bare word', async () => {
    mockFetch((call) => (call.method === 'GET' ? { data: LIBRARY } : undefined));
    const { container } = render(
      <MediaLibrary
        development={{ devid: 1, devname: 'neubourg' } as AdminDevelopment}
        switcher={null}
      />,
    );
    const name = (text: string) => screen.queryByText(text, { selector: '.media-name' });
    expect(await screen.findByText('plan-du-site.webp', { selector: '.media-name' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 fichiers');
    // A video shows its first frame, a PDF a document icon.
    expect(container.querySelector('.media-thumb video')?.getAttribute('src')).toBe(
      '/media/uploads/1/film-60-ans.mp4#t=0.5',
    );
    expect(container.querySelector('.media-thumb .media-icon-pdf svg')).toBeTruthy();

    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'reglement');
    expect(screen.getByRole('status').textContent).toBe('1 fichier');
    expect(name('Règlement intérieur.pdf')).toBeTruthy();
    expect(name('plan-du-site.webp')).toBeNull();
  });

  it('names the alert templates that use a file, and says why its delete is refused', async () => {
    const evacuation = { templateid: 4, name: 'Évacuation', inDraft: true, published: true };
    const used: MediaItem = {
      ...item(5, 'image', 'pictogramme.webp'),
      usedByTemplates: [evacuation],
    };
    const both: MediaItem = {
      ...item(6, 'image', 'sortie.webp'),
      usedBy: [
        {
          type: 'element',
          id: 12,
          zoneid: 2,
          zonename: 'Plan du site',
          elementid: 12,
          subgroupid: null,
          fieldlabel: null,
          inDraft: true,
          published: true,
        },
      ],
      usedByTemplates: [evacuation, { ...evacuation, templateid: 5, name: 'Incendie' }],
    };
    const refusal =
      'Ce fichier est encore utilisé par le modèle d’alerte « Évacuation ». Choisissez une autre image pour ce modèle avant de le supprimer.';
    const calls = mockFetch((call) => {
      if (call.method === 'GET') return { data: [used, both, LIBRARY[1]] };
      if (call.method === 'DELETE') return { status: 409, data: used, message: refusal };
      return undefined;
    });
    render(
      <MediaLibrary
        development={{ devid: 1, devname: 'neubourg' } as AdminDevelopment}
        switcher={null}
      />,
    );
    const card = async (name: string) =>
      (await screen.findByText(name, { selector: '.media-name' })).closest('li')!;
    expect((await card('pictogramme.webp')).textContent).toContain(
      'Utilisé par le modèle d’alerte « Évacuation »',
    );
    expect((await card('sortie.webp')).textContent).toContain(
      'Utilisé 1 fois, et par les modèles d’alerte « Évacuation », « Incendie »',
    );
    expect((await card('Règlement intérieur.pdf')).textContent).toContain('Non utilisé');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer pictogramme.webp' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === '/api/admin/media/5'),
    ).toBe(true);
    expect(await card('pictogramme.webp')).toBeTruthy();
  });

  it('says which files are missing or damaged on the server (media integrity)', async () => {
    mockFetch((call) =>
      call.method === 'GET'
        ? {
            data: [
              { ...item(7, 'image', 'plan-efface.webp'), fileProblem: 'missing' },
              { ...item(8, 'pdf', 'menu-altere.pdf'), fileProblem: 'changed' },
              { ...item(9, 'video', 'film-coupe.mp4'), fileProblem: 'wrong-size' },
              LIBRARY[0],
            ],
          }
        : undefined,
    );
    render(
      <MediaLibrary
        development={{ devid: 1, devname: 'neubourg' } as AdminDevelopment}
        switcher={null}
      />,
    );
    const card = async (name: string) =>
      (await screen.findByText(name, { selector: '.media-name' })).closest('li')!;
    expect((await card('plan-efface.webp')).textContent).toContain(
      'Fichier manquant sur le serveur',
    );
    expect((await card('menu-altere.pdf')).textContent).toContain(
      'Fichier endommagé (contenu modifié)',
    );
    expect((await card('film-coupe.mp4')).textContent).toContain(
      'Fichier endommagé (taille modifiée)',
    );
    expect((await card('plan-du-site.webp')).textContent).not.toContain('Fichier');
    expect(screen.getByText(/3 fichiers sont manquants ou endommagés sur le serveur/)).toBeTruthy();
  });
});
