import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { element, ZONE } from './testing/content-data';
import { ZonePreview } from './zone-preview';

describe('ZonePreview in a language', () => {
  const both = [element(1, 'Lundi'), { ...element(2, 'Monday'), lang: 'en' as const }];

  it('shows the chosen language’s elements only', () => {
    const { rerender } = render(<ZonePreview zone={ZONE} elements={both} language="fr" />);
    const screenFr = screen.getByRole('region', {
      name: 'Aperçu en français de la zone Menu sur un totem',
    });
    expect(screenFr.textContent).toContain('Lundi');
    expect(screenFr.textContent).not.toContain('Monday');
    rerender(<ZonePreview zone={ZONE} elements={both} language="en" />);
    const screenEn = screen.getByRole('region', {
      name: 'Aperçu en anglais de la zone Menu sur un totem',
    });
    expect(screenEn.textContent).toContain('Monday');
    expect(screenEn.textContent).not.toContain('Lundi');
  });

  it('shows the French version marked FR in English when there is no English one', () => {
    render(<ZonePreview zone={ZONE} elements={[element(1, 'Lundi')]} language="en" />);
    const preview = screen.getByRole('region', { name: /Aperçu en anglais/ });
    expect(preview.textContent).toContain('Lundi');
    expect(within(preview).getByText('FR')).toBeTruthy();
    expect(screen.getByText('Pas de version anglaise')).toBeTruthy();
  });
});
