// What the shared takeover draws from its props alone (the kiosk's takeover and the back-office's
// preview both render it): the alert in force in both languages on its colour, the generic screen,
// the drill's bands, the end screens, and the root taking the caller's attributes and handlers.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlertTakeover, type AlertTakeoverContent } from './alert-takeover';
import { AlertTakeoverFrame } from './alert-takeover-frame';
import { AlertPictogramIcon } from './alert-pictogram';

const CONTENT: AlertTakeoverContent = {
  titleFr: 'Évacuation immédiate',
  titleEn: 'Evacuate now',
  instructionsFr: 'Quittez le bâtiment.',
  instructionsEn: 'Leave the building.',
  pictogram: 'evacuation',
  imageUrl: 'http://kiosk.test/media/images/plan.png',
  started: { at: '10:02', elapsed: '1 min 05 s' },
};

describe('AlertTakeover', () => {
  it('draws an alert in force: both languages on its colour, pictogram, map and elapsed time', () => {
    render(
      <AlertTakeover
        data-testid="takeover"
        screen={{ state: 'alert', content: CONTENT }}
        colour="rouge"
        drill={false}
        titleId="t"
        textId="x"
      />,
    );
    const root = screen.getByTestId('takeover');
    expect(root.style.background).toMatch(/226, 6, 19|#e20613/i);
    expect(root.className).toBe('alert-takeover');
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.id).toBe('t');
    expect(title.textContent).toBe('Évacuation immédiateEvacuate now');
    expect(title.querySelector('[lang="en"]')?.textContent).toBe('Evacuate now');
    expect(document.getElementById('x')?.textContent).toBe(
      'Quittez le bâtiment.Leave the building.',
    );
    expect(root.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    const map = screen.getByRole('img', { name: 'Plan / Map' });
    expect(map.getAttribute('src')).toBe('http://kiosk.test/media/images/plan.png');
    expect(screen.getByTestId('alert-elapsed').textContent).toBe(
      'Déclenchée à 10:02, depuis 1 min 05 sStarted at 10:02, 1 min 05 s ago',
    );
    expect(screen.queryByTestId('alert-drill')).toBeNull();
    expect(screen.queryByTestId('alert-generic')).toBeNull();
  });

  it("names the alert on the generic screen, and leaves out what the template doesn't have", () => {
    render(
      <AlertTakeover
        screen={{
          state: 'alert',
          content: { ...CONTENT, imageUrl: null, started: null, missingTemplateName: 'Fuite' },
        }}
        colour="gris1"
        drill={false}
        headingLevel={3}
      />,
    );
    expect(screen.getByTestId('alert-generic').textContent).toBe('« Fuite »');
    expect(screen.getByRole('heading', { level: 3 }).id).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('alert-elapsed')).toBeNull();
  });

  it('says EXERCICE / DRILL at the top and the bottom of a drill', () => {
    const { container } = render(
      <AlertTakeover screen={{ state: 'alert', content: CONTENT }} colour="rouge" drill />,
    );
    const bands = screen.getAllByTestId('alert-drill');
    expect(bands).toHaveLength(2);
    expect(bands[0]!.textContent).toContain('EXERCICE · DRILL');
    expect(container.firstElementChild!.firstElementChild).toBe(bands[0]);
    expect(container.firstElementChild!.lastElementChild).toBe(bands[1]);
    expect(container.firstElementChild!.className).toBe('alert-takeover alert-takeover--drill');
  });

  it('draws only the colour while the kiosk still reads the template', () => {
    const { container } = render(
      <AlertTakeover screen={{ state: 'alert', content: null }} colour="rouge" drill={false} />,
    );
    expect(container.firstElementChild!.childElementCount).toBe(0);
  });

  it('ends with the template’s text or "Fin de l’alerte", and says how to go on', () => {
    const { rerender, container } = render(
      <AlertTakeover screen={{ state: 'ended' }} colour="rouge" drill={false} />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('alert-takeover alert-takeover--ended');
    expect(root.style.background).toBe('');
    expect(screen.getByRole('heading').textContent).toBe('Fin de l’alerte.All clear.');
    expect(screen.getByTestId('alert-end-dismiss').textContent).toBe(
      'Touchez l’écran pour continuerTouch the screen to continue',
    );
    rerender(
      <AlertTakeover
        screen={{ state: 'ended', endTextFr: 'Regagnez votre poste.', endTextEn: 'Back to work.' }}
        colour="rouge"
        drill={false}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('Regagnez votre poste.Back to work.');
    expect(screen.queryByTestId('alert-end-text')).toBeNull();
  });

  it('ends a drill with "Fin de l’exercice" above the template’s end text', () => {
    render(
      <AlertTakeover
        screen={{ state: 'ended', endTextFr: 'Regagnez votre poste.', endTextEn: null }}
        colour="rouge"
        drill
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('Fin de l’exerciceEnd of drill');
    expect(screen.getByTestId('alert-end-text').textContent).toBe(
      'Regagnez votre poste.All clear.',
    );
    expect(screen.queryAllByTestId('alert-drill')).toHaveLength(0);
  });

  it("takes the caller's role, attributes, ref and handlers on its root", () => {
    const onClick = vi.fn();
    let node: HTMLDivElement | null = null;
    render(
      <AlertTakeover
        ref={(element) => {
          node = element;
        }}
        role="alertdialog"
        aria-labelledby="t"
        tabIndex={-1}
        onClick={onClick}
        screen={{ state: 'alert', content: CONTENT }}
        colour="rouge"
        drill={false}
        titleId="t"
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: /Évacuation immédiate/ });
    expect(node).toBe(dialog);
    expect(dialog.tabIndex).toBe(-1);
    fireEvent.click(dialog);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('AlertTakeoverFrame', () => {
  it('holds the takeover in small, at the scale it is given', () => {
    render(
      <AlertTakeoverFrame scale={0.25} className="preview">
        <AlertTakeover screen={{ state: 'ended' }} colour="rouge" drill={false} />
      </AlertTakeoverFrame>,
    );
    const frame = screen.getByRole('heading').closest('.alert-takeover-frame') as HTMLElement;
    expect(frame.className).toBe('alert-takeover-frame preview');
    expect(frame.style.getPropertyValue('--alert-takeover-scale')).toBe('0.25');
  });
});

describe('AlertPictogramIcon', () => {
  it('draws each pictogram in the caller’s colour, hidden from assistive technology', () => {
    const { container } = render(
      <>
        <AlertPictogramIcon name="evacuation" className="big" />
        <AlertPictogramIcon name="info" />
      </>,
    );
    const [evacuation, info] = [...container.querySelectorAll('svg')];
    expect(evacuation!.getAttribute('class')).toBe('big');
    expect(evacuation!.getAttribute('viewBox')).toBe('0 0 200 200');
    expect(evacuation!.getAttribute('aria-hidden')).toBe('true');
    expect(evacuation!.innerHTML).not.toBe(info!.innerHTML);
    expect(info!.innerHTML).toContain('currentColor');
  });
});
