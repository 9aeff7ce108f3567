import type { PublishProblem } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WarningList } from './problem-list';

const warning = (
  code: PublishProblem['code'],
  zoneid: number,
  zonename: string,
  message: string,
): PublishProblem => ({
  code,
  zoneid,
  zonename,
  elementid: null,
  subgroupid: null,
  subelementid: null,
  message,
});
const translation = (zoneid: number, zonename: string) =>
  warning(
    'missing-translation',
    zoneid,
    zonename,
    `Zone « ${zonename} » (page visiteurs « Qualité ») n’a pas de version anglaise.`,
  );
const altText = (zoneid: number, zonename: string, images: number) =>
  warning(
    'missing-alt-text',
    zoneid,
    zonename,
    `Zone « ${zonename} » : ${images} images sans texte alternatif — la lecture à voix haute des totems n’en dira que le nom de la zone.`,
  );

const renderList = (warnings: PublishProblem[]) =>
  render(
    <MemoryRouter>
      <WarningList devid={1} warnings={warnings} />
    </MemoryRouter>,
  );

const links = () =>
  screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('WarningList', () => {
  it('explains each kind of warning once, and links each zone to its fix', () => {
    renderList([
      translation(7, 'Politiques qualité'),
      altText(3, 'Menu', 3),
      altText(4, 'Plan du site', 2),
    ]);
    const groups = document.querySelectorAll('.warning-group');
    expect(groups).toHaveLength(2);
    expect(groups[0]!.querySelector('p')!.textContent).toBe(
      '1 zone des pages visiteurs n’a pas de version anglaise : les visiteurs en anglais la verront en français, marquée « FR ». La publication n’est pas bloquée.',
    );
    expect(groups[1]!.querySelector('p')!.textContent).toBe(
      '2 zones ont des images sans texte alternatif : la lecture à voix haute du totem n’en dira que le nom de la zone. La publication n’est pas bloquée.',
    );
    expect(within(groups[1] as HTMLElement).getByText(/^Zone « Menu » : 3 images/)).toBeTruthy();
    expect(links()).toEqual([
      ['Traduire (Politiques qualité)', '/contenu/1/zones/7'],
      ['Compléter (Menu)', '/contenu/1/zones/3'],
      ['Compléter (Plan du site)', '/contenu/1/zones/4'],
    ]);
  });

  it('says « 1 zone a » for one zone with images lacking an alternative, and nothing of translations', () => {
    renderList([altText(3, 'Menu', 1)]);
    expect(
      screen.getByText(
        (_, node) =>
          node?.tagName === 'P' && node.textContent!.startsWith('1 zone a des images sans texte'),
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/version anglaise/)).toBeNull();
    expect(links()).toEqual([['Compléter (Menu)', '/contenu/1/zones/3']]);
  });

  it('shows nothing without a warning', () => {
    const { container } = renderList([]);
    expect(container.textContent).toBe('');
  });
});
