/**
 * « Vous êtes ici » on a totem's page (issue 47): each published plan image with the totem's
 * point; a click places it (relative to the image), the percent fields place it from the keyboard,
 * « Retirer » removes it, « Enregistrer » sends the points whole; a point on a replaced image is
 * flagged in French and left out of the save until placed again; read-only for who may not edit.
 */
import { pathOf, type KioskPlanMarks } from '@plant-kiosk/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { KioskPlanMarksEditor, PLAN_MARK_TEXT } from './kiosk-plan-marks-editor';

const KIOSK = 'aaaaaaaa-1111-2222-3333-444444444444';
const path = pathOf('adminKioskPlanMarks', { params: { devid: 1, kioskId: KIOSK } });

const answer = (overrides: Partial<KioskPlanMarks> = {}): KioskPlanMarks => ({
  devid: 1,
  kioskId: KIOSK,
  images: [
    { elementid: 11, image: 'media/images/plan-1.png' },
    { elementid: 12, image: 'media/images/plan-2.png', lang: 'en' },
  ],
  marks: [{ elementid: 11, x: 0.25, y: 0.5, image: 'media/images/plan-1.png', stale: false }],
  ...overrides,
});

function serve(initial: KioskPlanMarks) {
  return mockFetch((call: Call) => {
    if (call.url !== path) return undefined;
    if (call.method === 'GET') return { data: initial };
    if (call.method === 'PUT') {
      const { marks } = call.body as { marks: { elementid: number; x: number; y: number }[] };
      return {
        data: answer({
          marks: marks.map((mark) => ({
            ...mark,
            image: `media/images/plan-${mark.elementid - 10}.png`,
            stale: false,
          })),
        }),
        message: 'Points « Vous êtes ici » enregistrés.',
      };
    }
    return undefined;
  });
}

const figure = (name: RegExp) => screen.getByRole('figure', { name });

/** jsdom lays nothing out: the image's box, as a browser would measure it. */
function box(img: HTMLElement, width: number, height: number) {
  img.getBoundingClientRect = () =>
    ({ left: 100, top: 50, width, height, right: 100 + width, bottom: 50 + height }) as DOMRect;
}

afterEach(() => vi.unstubAllGlobals());

describe('KioskPlanMarksEditor', () => {
  it('shows each plan image with the point; a click places one, « Enregistrer » sends them whole', async () => {
    const calls = serve(answer());
    render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit />);
    const first = await screen.findByRole('figure', { name: /image 1 sur 2/ });
    const pin = within(first).getByTestId('plan-mark-pin');
    expect(pin.style.left).toBe('25%');
    expect(pin.style.top).toBe('50%');
    expect(within(first).getByLabelText('Horizontal (%)')).toHaveProperty('value', '25');
    // The English version's image (visitor pages in English) says so.
    const second = figure(/^Plan du site, image 2 sur 2 \(version anglaise\)/);
    expect(within(second).queryByTestId('plan-mark-pin')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);

    const img = within(second).getByRole('img');
    box(img, 400, 200);
    fireEvent.click(img, { clientX: 100 + 300, clientY: 50 + 50 });
    const placed = within(second).getByTestId('plan-mark-pin');
    expect(placed.style.left).toBe('75%');
    expect(placed.style.top).toBe('25%');
    expect(screen.getByText(PLAN_MARK_TEXT.unsaved)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Points « Vous êtes ici » enregistrés.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      marks: [
        { elementid: 11, x: 0.25, y: 0.5 },
        { elementid: 12, x: 0.75, y: 0.25 },
      ],
    });
  });

  it('places a point from the keyboard in percent, and removes one with « Retirer »', async () => {
    const calls = serve(answer());
    render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit />);
    const second = await screen.findByRole('figure', { name: /image 2 sur 2/ });
    fireEvent.change(within(second).getByLabelText('Vertical (%)'), { target: { value: '80' } });
    // The other coordinate starts in the middle.
    expect(within(second).getByTestId('plan-mark-pin').style.left).toBe('50%');
    expect(within(second).getByTestId('plan-mark-pin').style.top).toBe('80%');
    fireEvent.change(within(second).getByLabelText('Horizontal (%)'), {
      target: { value: '12.5' },
    });
    expect(within(second).getByTestId('plan-mark-pin').style.left).toBe('12.5%');

    const first = figure(/image 1 sur 2/);
    fireEvent.click(within(first).getByRole('button', { name: 'Retirer' }));
    expect(within(first).queryByTestId('plan-mark-pin')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      marks: [{ elementid: 12, x: 0.125, y: 0.8 }],
    });
  });

  it('flags a point on a replaced image, and leaves it out of the save until placed again', async () => {
    const calls = serve(
      answer({
        marks: [
          { elementid: 11, x: 0.25, y: 0.5, image: 'media/images/ancien.png', stale: true },
          { elementid: 99, x: 0.1, y: 0.1, image: 'media/images/retire.png', stale: true },
        ],
      }),
    );
    render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit />);
    const first = await screen.findByRole('figure', { name: /image 1 sur 2/ });
    expect(within(first).getByText(/L’image a été remplacée : replacez le point/)).toBeTruthy();
    expect(screen.getByText(PLAN_MARK_TEXT.gone(1))).toBeTruthy();

    const second = figure(/image 2 sur 2/);
    fireEvent.change(within(second).getByLabelText('Horizontal (%)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      marks: [{ elementid: 12, x: 0.4, y: 0.5 }],
    });
  });

  it('shows the server’s refusal in French', async () => {
    mockFetch((call) => {
      if (call.method === 'GET' && call.url === path) return { data: answer() };
      if (call.method === 'PUT')
        return { status: 400, message: 'L’élément 12 n’est pas une image publiée.' };
      return undefined;
    });
    render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit />);
    const second = await screen.findByRole('figure', { name: /image 2 sur 2/ });
    fireEvent.change(within(second).getByLabelText('Vertical (%)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'L’élément 12 n’est pas une image publiée.',
    );
  });

  it('is read-only for who may not edit the development, and says when the plan has no image', async () => {
    serve(answer());
    const { unmount } = render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit={false} />);
    const first = await screen.findByRole('figure', { name: /image 1 sur 2/ });
    expect(within(first).getByTestId('plan-mark-pin')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    serve(answer({ images: [], marks: [] }));
    render(<KioskPlanMarksEditor devid={1} kioskId={KIOSK} canEdit />);
    expect(await screen.findByText(PLAN_MARK_TEXT.noPlan)).toBeTruthy();
  });
});
