/**
 * The home's scrolling banner text (docs/product.md#screens). Pure CSS: the text is written twice and the track
 * slides by half its width, so the loop is seamless; with prefers-reduced-motion it stands still.
 */
export function Marquee({ text }: { text: string }) {
  return (
    <div className="marquee">
      <p className="visually-hidden">{text}</p>
      <div className="marquee__track" aria-hidden="true">
        <span className="marquee__item">{text}</span>
        <span className="marquee__item">{text}</span>
      </div>
    </div>
  );
}
