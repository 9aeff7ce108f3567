import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installObserverShims } from '../image-carousel/testing/layout-shims';
import { ZoomPan } from './zoom-pan';

function renderPlan(props: Partial<Parameters<typeof ZoomPan>[0]> = {}) {
  render(
    <ZoomPan label="Plan du projet" animationMs={0} {...props}>
      <img src="plan.svg" alt="Plan" width={1000} height={700} />
    </ZoomPan>,
  );
  const area = screen.getByRole('group', { name: 'Plan du projet' });
  return { area, scale: () => Number(area.dataset.scale) };
}

describe('ZoomPan', () => {
  beforeEach(() => {
    installObserverShims();
    return () => vi.unstubAllGlobals();
  });

  it('starts at scale 1 with the zoom-out button disabled', () => {
    const { scale } = renderPlan();
    expect(scale()).toBe(1);
    expect(screen.getByRole('button', { name: 'Dézoomer' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Zoomer' })).toHaveProperty('disabled', false);
  });

  it('zooms in by the button step and never beyond 8', () => {
    const { scale } = renderPlan();
    const zoomIn = screen.getByRole('button', { name: 'Zoomer' });
    fireEvent.click(zoomIn);
    expect(scale()).toBe(2);
    for (let i = 0; i < 12; i += 1) fireEvent.click(zoomIn);
    expect(scale()).toBe(8);
    expect(zoomIn).toHaveProperty('disabled', true);
    expect(screen.getByRole('status', { name: 'Niveau de zoom' }).textContent).toBe('×8');
  });

  it('zooms out and never below 1; reset returns to 1', () => {
    const { scale } = renderPlan();
    const zoomIn = screen.getByRole('button', { name: 'Zoomer' });
    const zoomOut = screen.getByRole('button', { name: 'Dézoomer' });
    for (let i = 0; i < 3; i += 1) fireEvent.click(zoomIn);
    expect(scale()).toBe(4);
    fireEvent.click(zoomOut);
    expect(scale()).toBe(3);
    for (let i = 0; i < 6; i += 1) fireEvent.click(zoomOut);
    expect(scale()).toBe(1);
    for (let i = 0; i < 3; i += 1) fireEvent.click(zoomIn);
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le zoom' }));
    expect(scale()).toBe(1);
  });

  it('adds 0.7 per double-click and 0.2 per wheel notch, clamped to 1..8', async () => {
    const { area, scale } = renderPlan();
    const content = area.querySelector('.zoom-pan__content');
    const viewport = area.querySelector('.zoom-pan__viewport');
    if (!content || !viewport) throw new Error('zoom layers missing');
    fireEvent.dblClick(content, { clientX: 10, clientY: 10 });
    expect(scale()).toBeCloseTo(1.7, 5);
    // The wheel zoom of the library waits for a frame between notches.
    await act(async () => {
      fireEvent.wheel(viewport, { deltaY: -100, clientX: 10, clientY: 10 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(scale()).toBeCloseTo(1.9, 5);
    await act(async () => {
      for (let i = 0; i < 40; i += 1) {
        fireEvent.wheel(viewport, { deltaY: 100, clientX: 10, clientY: 10 });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    expect(scale()).toBe(1);
    await act(async () => {
      for (let i = 0; i < 12; i += 1) {
        fireEvent.dblClick(content, { clientX: 10, clientY: 10 });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    expect(scale()).toBe(8);
    // The library's wheel and double-click timers (100–300 ms after the last event) must run while this test's
    // DOM exists: a 500 ms timer set now expires after them whatever the machine's load (timers
    // run in order of expiry), so none of them fires into a torn-down environment.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
  });

  it('honours custom limits', () => {
    const { scale } = renderPlan({ maxScale: 3 });
    const zoomIn = screen.getByRole('button', { name: 'Zoomer' });
    for (let i = 0; i < 5; i += 1) fireEvent.click(zoomIn);
    expect(scale()).toBe(3);
  });
});
