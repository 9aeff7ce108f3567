/**
 * One product sheet of the plant-tour catalogue, as the opened card shows it: name, tagline, two
 * tabs (Benefits / Sustainability, WAI-ARIA tabs: arrow keys, Home and End move between them) and
 * the sheet's options as chips — dose volumes, sample colours, recycled-content options — each
 * group only where the sheet has some.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDosage, type PlantTourCatalogue, type ProductSheet } from '../../visitor-tour';

type Tab = 'benefits' | 'sustainability';
const TABS: readonly Tab[] = ['benefits', 'sustainability'];

export interface ProductSheetViewProps {
  sheet: ProductSheet;
  labels: PlantTourCatalogue['productRange']['cards'];
  categoryTitle: string;
}

export function ProductSheetView({ sheet, labels, categoryTitle }: ProductSheetViewProps) {
  const [tab, setTab] = useState<Tab>('benefits');
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    benefits: null,
    sustainability: null,
  });
  const tabId = (name: Tab) => `${baseId}-tab-${name}`;
  const panelId = (name: Tab) => `${baseId}-panel-${name}`;

  const select = (name: Tab) => {
    setTab(name);
    tabRefs.current[name]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? TABS[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? TABS[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[last]
              : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
  };

  const chips: { key: string; title: string; values: readonly string[] }[] = [
    {
      key: 'dosage',
      title: labels.chips.dosage,
      values: sheet.dosageOptions.map(formatDosage),
    },
    { key: 'colours', title: labels.chips.colours, values: sheet.sampleColours },
    {
      key: 'recycled',
      title: labels.chips.recycledContent,
      values: sheet.recycledContentOptions,
    },
  ].filter((group) => group.values.length > 0);

  return (
    <article className={`product-sheet product-sheet--${sheet.category}`}>
      <header className="product-sheet__header">
        <p className="product-sheet__category">{categoryTitle}</p>
        <h2 className="product-sheet__name">{sheet.name}</h2>
        <p className="product-sheet__tagline">{sheet.tagline}</p>
      </header>
      <div
        className="product-sheet__tabs"
        role="tablist"
        aria-label={sheet.name}
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={tab === name}
            aria-controls={panelId(name)}
            tabIndex={tab === name ? 0 : -1}
            className="product-sheet__tab"
            onClick={() => setTab(name)}
          >
            {labels.tabs[name]}
          </button>
        ))}
      </div>
      {TABS.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={tab !== name}
          tabIndex={0}
          className="product-sheet__panel"
        >
          <ul className="visitor-bullets visitor-bullets--checks">
            {sheet[name].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
      {chips.length > 0 && (
        <div className="product-sheet__options">
          {chips.map((group) => (
            <div key={group.key} className="product-sheet__option">
              <h3 className="product-sheet__option-title">{group.title}</h3>
              <ul className="visitor-chips" aria-label={group.title}>
                {group.values.map((value) => (
                  <li key={value} className={`visitor-chip visitor-chip--${group.key}`}>
                    {value}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </article>
  );
}
