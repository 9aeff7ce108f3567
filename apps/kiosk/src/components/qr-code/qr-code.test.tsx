import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';
import { QrTile } from './qr-tile';

const LINK = 'https://kiosk.example/pdf/catalogue-parfum.pdf';

describe('QrCode', () => {
  it('draws a 128 px code with error level L by default', () => {
    render(<QrCode value={LINK} />);
    const code = screen.getByRole('img', { name: `QR code : ${LINK}` });
    expect(code.getAttribute('width')).toBe('128');
    expect(code.getAttribute('height')).toBe('128');
    expect(code.getAttribute('data-level')).toBe('L');
    expect(code.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('takes another size and level', () => {
    render(<QrCode value={LINK} size={200} level="H" title="Catalogue" />);
    const code = screen.getByRole('img', { name: 'Catalogue' });
    expect(code.getAttribute('width')).toBe('200');
    expect(code.getAttribute('data-level')).toBe('H');
  });

  it('encodes different values differently', () => {
    const { container } = render(
      <>
        <QrCode value={LINK} />
        <QrCode value={`${LINK}?v=2`} />
      </>,
    );
    const [a, b] = [...container.querySelectorAll('svg')].map((svg) =>
      svg.querySelectorAll('path')[1]?.getAttribute('d'),
    );
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});

describe('QrTile', () => {
  it('shows its label above a 120 px code', () => {
    render(<QrTile label="Téléchargez le catalogue" link={LINK} />);
    expect(screen.getByText('Téléchargez le catalogue')).toBeTruthy();
    const code = screen.getByRole('img');
    expect(code.getAttribute('width')).toBe('120');
    expect(screen.queryByText('En cours de déploiement')).toBeNull();
  });

  it('says "En cours de déploiement" while in progress, even with a link', () => {
    render(<QrTile label="Téléchargez le catalogue" link={LINK} inProgress />);
    expect(screen.getByText('En cours de déploiement')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each([undefined, null, '', '   '])(
    'says "En cours de déploiement" without a link (%o)',
    (link) => {
      render(<QrTile label="Download the catalogue" link={link} />);
      expect(screen.getByText('Download the catalogue')).toBeTruthy();
      expect(screen.getByText('En cours de déploiement')).toBeTruthy();
      expect(screen.queryByRole('img')).toBeNull();
    },
  );
});
