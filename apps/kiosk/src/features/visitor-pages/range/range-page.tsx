/**
 * /accueil/visiteur/gamme: the product range. The latest product news panel (closable for the
 * visit), the three families of the plant-tour catalogue each with its product cards — a tap opens
 * the sheet in a popup with its Benefits / Sustainability tabs and option chips — and the brochure
 * downloads from the content's product categories.
 */
import { useState } from 'react';
import { Popup } from '../../../components/popup/popup';
import { PRODUCT_CATEGORIES, productSheets, type ProductSheetId } from '../../visitor-tour';
import { useVisitorPage } from '../use-visitor-page';
import { VisitorSection, type SectionTone } from '../visitor-section';
import { Brochures } from './brochures';
import { NewsPanel } from './news-panel';
import { ProductCard } from './product-card';
import { ProductSheetView } from './product-sheet';
import '../visitor-pages.css';
import './range.css';

const CATEGORY_TONES = {
  fragrance: 'corail',
  cosmetics: 'bleu',
  sustainable: 'vert',
} as const satisfies Record<(typeof PRODUCT_CATEGORIES)[number], SectionTone>;

export default function VisitorRangePage() {
  const { catalogue, language } = useVisitorPage('gamme', ({ productRange }) => [
    ...PRODUCT_CATEGORIES.map((category) => productRange.categories[category].title),
    productRange.brochures.title,
  ]);
  const range = catalogue.productRange;
  const sheets = productSheets(language);
  const [openId, setOpenId] = useState<ProductSheetId | null>(null);
  const opened = sheets.find((sheet) => sheet.id === openId);

  return (
    <div className="visitor-page range-page">
      <p className="visitor-lead">{range.intro}</p>
      <NewsPanel news={range.news} onSeeProduct={() => setOpenId(range.news.productId)} />
      {PRODUCT_CATEGORIES.map((category, index) => {
        const { title, intro } = range.categories[category];
        return (
          <VisitorSection
            key={category}
            index={index}
            title={title}
            tone={CATEGORY_TONES[category]}
          >
            <p className="visitor-text">{intro}</p>
            <p className="range-page__hint">{range.cards.tapHint}</p>
            <ul className="product-cards" aria-label={title}>
              {sheets
                .filter((sheet) => sheet.category === category)
                .map((sheet) => (
                  <li key={sheet.id}>
                    <ProductCard
                      sheet={sheet}
                      openLabel={range.cards.openLabel}
                      onOpen={(chosen) => setOpenId(chosen.id)}
                    />
                  </li>
                ))}
            </ul>
          </VisitorSection>
        );
      })}
      <VisitorSection index={PRODUCT_CATEGORIES.length} title={range.brochures.title} tone="gris">
        <Brochures labels={range.brochures} closeLabel={range.cards.closeLabel} />
      </VisitorSection>
      <Popup
        open={opened !== undefined}
        onClose={() => setOpenId(null)}
        label={opened?.name ?? ''}
        closeLabel={range.cards.closeLabel}
        className="product-sheet-popup"
      >
        {opened && (
          <ProductSheetView
            key={opened.id}
            sheet={opened}
            labels={range.cards}
            categoryTitle={range.categories[opened.category].title}
          />
        )}
      </Popup>
    </div>
  );
}
