/**
 * Zoom and pan for project plans (docs/product.md#screens BE LEAN +, §9): scale 1 to 8, double-click step 0.7,
 * wheel step 0.2, pinch — react-zoom-pan-pinch does the gestures. Its "smooth" mode multiplies
 * the scale by a factor proportional to the wheel delta, which would ignore the spec's steps, so
 * it is off: each wheel notch, double-click or button press adds its step to the scale. Touch
 * users get big + / − / reset buttons since a totem has no wheel, in a bar under the plan (the
 * plan itself is never covered).
 */
import { useState, type ReactNode } from 'react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import './zoom-pan.css';

export const ZOOM_DEFAULTS = {
  minScale: 1,
  maxScale: 8,
  doubleClickStep: 0.7,
  wheelStep: 0.2,
  buttonStep: 1,
} as const;

export interface ZoomPanProps {
  children: ReactNode;
  /** Accessible name of the zoomable area, e.g. the plan's title. */
  label: string;
  minScale?: number;
  maxScale?: number;
  doubleClickStep?: number;
  wheelStep?: number;
  /** Scale added or removed by the + and − buttons. */
  buttonStep?: number;
  /** Duration of the button/double-click animations in ms (0 = instant). */
  animationMs?: number;
  /** Show the + / − / reset buttons (default true). */
  showControls?: boolean;
  /** Called with the scale after every change. */
  onScaleChange?: (scale: number) => void;
  className?: string;
}

const scaleFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function ZoomPan({
  children,
  label,
  minScale = ZOOM_DEFAULTS.minScale,
  maxScale = ZOOM_DEFAULTS.maxScale,
  doubleClickStep = ZOOM_DEFAULTS.doubleClickStep,
  wheelStep = ZOOM_DEFAULTS.wheelStep,
  buttonStep = ZOOM_DEFAULTS.buttonStep,
  animationMs = 200,
  showControls = true,
  onScaleChange,
  className,
}: ZoomPanProps) {
  const [scale, setScale] = useState(minScale);
  return (
    <div
      className={['zoom-pan', className ?? ''].filter(Boolean).join(' ')}
      role="group"
      aria-label={label}
      data-scale={scale}
    >
      <TransformWrapper
        initialScale={minScale}
        minScale={minScale}
        maxScale={maxScale}
        smooth={false}
        disablePadding
        centerOnInit
        wheel={{ step: wheelStep }}
        doubleClick={{ step: doubleClickStep, mode: 'zoomIn', animationTime: animationMs }}
        pinch={{ step: 5 }}
        onTransformed={(_ref, state) => {
          setScale(state.scale);
          onScaleChange?.(state.scale);
        }}
      >
        {({ zoomIn, zoomOut, resetTransform }) => (
          <>
            <TransformComponent wrapperClass="zoom-pan__viewport" contentClass="zoom-pan__content">
              {children}
            </TransformComponent>
            {showControls && (
              <div className="zoom-pan__controls">
                <button
                  type="button"
                  className="zoom-pan__button"
                  aria-label="Zoomer"
                  disabled={scale >= maxScale}
                  onClick={() => zoomIn(buttonStep, animationMs)}
                >
                  +
                </button>
                <output className="zoom-pan__scale" aria-label="Niveau de zoom">
                  ×{scaleFormat.format(scale)}
                </output>
                <button
                  type="button"
                  className="zoom-pan__button"
                  aria-label="Dézoomer"
                  disabled={scale <= minScale}
                  onClick={() => zoomOut(buttonStep, animationMs)}
                >
                  −
                </button>
                <button
                  type="button"
                  className="zoom-pan__button zoom-pan__button--reset"
                  aria-label="Réinitialiser le zoom"
                  onClick={() => resetTransform(animationMs)}
                >
                  ⟲
                </button>
              </div>
            )}
          </>
        )}
      </TransformWrapper>
    </div>
  );
}
