import { DEFAULT_SETTINGS, serializeSettings } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from './change-list';

describe('a settings change in the change lists (published settings, decision 017)', () => {
  it('has a group "Réglages" and shows each changed field by its French name', () => {
    const before = { settingid: 1, settings: serializeSettings(DEFAULT_SETTINGS) };
    const after = {
      settingid: 1,
      settings: serializeSettings({
        ...DEFAULT_SETTINGS,
        suggestionFormUrl: 'https://forms.test/s',
        inactivitySeconds: 900,
        alarmTone: true,
      }),
    };
    render(
      <ChangeList
        changes={[{ revision: 4, kind: 'setting', itemId: 1, before, after, zoneid: null }]}
        media={new Map()}
      />,
    );
    const group = screen.getByRole('region', { name: 'Réglages' });
    expect(within(group).getByText('Réglages du développement')).toBeTruthy();
    expect(within(group).getByText('Adresse du formulaire de suggestion')).toBeTruthy();
    expect(within(group).getByText('https://forms.test/s')).toBeTruthy();
    expect(within(group).getByText('Fin de session inactive')).toBeTruthy();
    expect(within(group).getByText('900 s')).toBeTruthy();
    expect(within(group).getByText('Son d’alarme')).toBeTruthy();
    // Unchanged fields are not listed.
    expect(within(group).queryByText('Diaporama de l’accueil')).toBeNull();
  });

  it('a first save shows what it changes from the defaults', () => {
    const after = {
      settingid: 1,
      settings: serializeSettings({ ...DEFAULT_SETTINGS, websiteUrl: 'https://site.test/' }),
    };
    render(
      <ChangeList
        changes={[{ revision: 2, kind: 'setting', itemId: 1, before: null, after, zoneid: null }]}
        media={new Map()}
      />,
    );
    expect(screen.getByText('Modifié')).toBeTruthy();
    expect(screen.getByText('Adresse du site web de l’entreprise')).toBeTruthy();
    expect(screen.getByText('https://site.test/')).toBeTruthy();
  });
});
