/**
 * The takeover in small: a box the size of a totem's 1080 × 1920 screen scaled down, holding an
 * `AlertTakeover` laid out at full size. Scaling the whole screen (rather than drawing a smaller
 * one) keeps the preview honest: the texts wrap, and a long one overflows, as on a totem. The scale
 * is the CSS variable `--alert-takeover-scale` (0.3 by default): a page sets it from its own
 * stylesheet, per screen width, or passes `scale`.
 */
import type { CSSProperties, ReactNode } from 'react';
import './alert-takeover.css';

export function AlertTakeoverFrame({
  scale,
  className,
  children,
}: {
  /** The ratio to the totem's size; omitted: the stylesheet's `--alert-takeover-scale`. */
  scale?: number;
  className?: string;
  children: ReactNode;
}) {
  const style =
    scale === undefined ? undefined : ({ '--alert-takeover-scale': scale } as CSSProperties);
  return (
    <div
      className={className ? `alert-takeover-frame ${className}` : 'alert-takeover-frame'}
      style={style}
    >
      {children}
    </div>
  );
}
