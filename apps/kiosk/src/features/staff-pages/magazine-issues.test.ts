import type { Element, PopulatedSubgroup } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { frenchMonthLabel, newestIssue, parseIssueDate, toMagazineIssues } from './magazine-issues';

const element = (elementid: number, value: string): Element => ({
  elementid,
  zoneid: 1,
  order: elementid,
  value,
  type: 'group',
  addingdate: '2024-01-01T00:00:00.000Z',
});

function issue(elementid: number, mois: string | null, pages: string[]): PopulatedSubgroup {
  const sub = (value: string, fieldlabel: string, order: number) => ({
    subelementid: elementid * 100 + order,
    elementid,
    order,
    value,
    type: 'image' as const,
    subgroupinfo: { subgroupid: elementid, fieldlabel },
  });
  return {
    subgroupid: elementid,
    elementid,
    modelid: 1,
    label: 'Magazine',
    order: 1,
    addingdate: '2024-01-01T00:00:00.000Z',
    expirationdate: null,
    fields: {
      ...(mois === null ? {} : { mois: [sub(mois, 'mois', 0)] }),
      pages: pages.map((page, index) => sub(page, 'pages', index + 1)),
    },
  };
}

describe('French month labels', () => {
  it('names every month in French with the year, capitalised', () => {
    const labels = Array.from({ length: 12 }, (_, month) =>
      frenchMonthLabel(new Date(Date.UTC(2024, month, 1))),
    );
    expect(labels).toEqual([
      'Janvier 2024',
      'Février 2024',
      'Mars 2024',
      'Avril 2024',
      'Mai 2024',
      'Juin 2024',
      'Juillet 2024',
      'Août 2024',
      'Septembre 2024',
      'Octobre 2024',
      'Novembre 2024',
      'Décembre 2024',
    ]);
  });

  it('reads a bare date as that calendar day wherever the totem is', () => {
    expect(frenchMonthLabel(parseIssueDate('2023-03-01')!)).toBe('Mars 2023');
    expect(frenchMonthLabel(parseIssueDate('2023-06')!)).toBe('Juin 2023');
    expect(parseIssueDate('2024-10-01T08:00:00Z')?.toISOString()).toBe('2024-10-01T08:00:00.000Z');
    expect(parseIssueDate('pas une date')).toBeNull();
    expect(parseIssueDate(undefined)).toBeNull();
  });
});

describe('magazine issues', () => {
  const elements = [
    element(1, 'n°18 — mars 2023'),
    element(2, 'n°23 — octobre 2024'),
    element(3, 'n°20 — octobre 2023'),
    element(4, 'Numéro spécial'),
  ];
  const groups = new Map([
    [1, [issue(1, '2023-03-01', ['a1.svg', 'a2.svg'])]],
    [2, [issue(2, '2024-10-01', ['b1.svg'])]],
    [3, [issue(3, '2023-10-01', ['c1.svg'])]],
    [4, [issue(4, null, ['d1.svg'])]],
  ]);

  it('sorts the issues newest first, each labelled with its month, undated ones last', () => {
    const issues = toMagazineIssues(elements, groups);
    expect(issues.map((i) => i.label)).toEqual([
      'Octobre 2024',
      'Octobre 2023',
      'Mars 2023',
      'Numéro spécial',
    ]);
    expect(issues[2]?.pages).toEqual([{ value: 'a1.svg' }, { value: 'a2.svg' }]);
  });

  it('shows the newest issue by its `mois` date, not by its order in the zone', () => {
    expect(newestIssue(toMagazineIssues(elements, groups))?.title).toBe('n°23 — octobre 2024');
  });

  it('skips a newest issue that has no pages yet', () => {
    const withoutPages = new Map(groups);
    withoutPages.set(2, [issue(2, '2024-10-01', [])]);
    expect(newestIssue(toMagazineIssues(elements, withoutPages))?.title).toBe(
      'n°20 — octobre 2023',
    );
  });

  it('has no newest issue when the zone is empty', () => {
    expect(newestIssue(toMagazineIssues([], new Map()))).toBeUndefined();
  });
});
