import { ALT_TEXT_MAX_LENGTH } from '@plant-kiosk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { altBody, AltTextField, lacksAlt, MissingAltBadge } from './alt-text-field';

function Harness({ initial = '', lang }: { initial?: string; lang?: 'fr' | 'en' }) {
  const [value, setValue] = useState(initial);
  return <AltTextField value={value} onChange={setValue} lang={lang} />;
}

describe('AltTextField', () => {
  it('asks what the image shows, counts the characters, and says gently what an empty one costs', async () => {
    render(<Harness />);
    const field = screen.getByLabelText('Texte alternatif') as HTMLTextAreaElement;
    expect(field.maxLength).toBe(ALT_TEXT_MAX_LENGTH);
    // The hint, the count and the warning are read with the field.
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Ce que l’image montre ou dit, en une ou quelques phrases : la lecture à voix haute du totem le lit. Pour une image de texte (menu, affiche), recopiez le texte.',
      '0 / 1000 caractères',
      'Sans texte alternatif, le totem ne dira que le nom de la zone.',
    ]);
    // A warning, not an error: the field is not invalid.
    expect(field.getAttribute('aria-invalid')).toBeNull();

    await userEvent.setup().type(field, 'Menu du lundi');
    expect(screen.getByText('13 / 1000 caractères')).toBeTruthy();
    expect(screen.queryByText(/Sans texte alternatif/)).toBeNull();
  });

  it('asks for English on an English element', () => {
    render(<Harness initial="Site plan" lang="en" />);
    const field = screen.getByLabelText('Texte alternatif');
    expect(field.getAttribute('lang')).toBe('en');
    expect(screen.getByText(/écrivez-le en anglais/)).toBeTruthy();
  });
});

describe('what is sent and what a list flags', () => {
  it('sends an alternative for an image only (an empty one removes it), and flags images without one', () => {
    expect(altBody('image', 'Plan')).toEqual({ alt: 'Plan' });
    expect(altBody('image', '')).toEqual({ alt: '' });
    expect(altBody('text', 'Plan')).toEqual({});
    expect(lacksAlt({ type: 'image' })).toBe(true);
    expect(lacksAlt({ type: 'image', alt: '  ' })).toBe(true);
    expect(lacksAlt({ type: 'image', alt: 'Plan' })).toBe(false);
    expect(lacksAlt({ type: 'text' })).toBe(false);
  });

  it('badges one image, or counts several', () => {
    const { rerender } = render(<MissingAltBadge />);
    expect(screen.getByText('sans texte alternatif').className).toContain('badge-warn');
    rerender(<MissingAltBadge count={3} />);
    expect(screen.getByText('3 images sans texte alternatif')).toBeTruthy();
    rerender(<MissingAltBadge count={1} />);
    expect(screen.getByText('1 image sans texte alternatif')).toBeTruthy();
  });
});
