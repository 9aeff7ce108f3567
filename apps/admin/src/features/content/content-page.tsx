/**
 * Content of one development: its zones on the left (and the zones the next publish would warn
 * about: visitor zones that lack an English version, zones with images that lack a text
 * alternative), the chosen zone's properties, its elements side by side in French and in English
 * (decision 021), the element being edited (with its sub-elements or sub-groups) and the preview
 * in the chosen language on the right, and the publish button on top.
 */
import {
  elementLanguage,
  visitorZonePage,
  type AdminDevelopment,
  type AdminElement,
  type AdminZone,
  type ContentLanguage,
} from '@plant-kiosk/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { LoadError, Loading, Page } from '../../components/page';
import { call } from '../../lib/api/client';
import { ZONE_TYPE_LABELS } from '../../lib/labels';
import { useResource } from '../../lib/use-resource';
import { ElementForm } from './element-form';
import { elementName, elementsIn, ElementsPanel } from './elements-panel';
import { MissingAltTexts } from './missing-alt-texts';
import { MissingTranslations } from './missing-translations';
import { PublishButton } from './publish-button';
import { SubelementsPanel } from './subelements-panel';
import { SubgroupsPanel } from './subgroups-panel';
import { ZoneDelete } from './zone-delete';
import { ZoneForm } from './zone-form';
import { ZonePreview } from './zone-preview';
import { useDraftWarnings } from './zone-warnings';
import { kioskPageOfZone, previewPagePath } from '../preview';

export function ContentPage() {
  return (
    <DevelopmentGate base="/contenu">
      {(development, switcher) => (
        <DevelopmentContent key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

function DevelopmentContent({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { zoneid } = useParams();
  const navigate = useNavigate();
  const zones = useResource(
    () => call('adminZones', { params: { devid: development.devid } }),
    `zones-${development.devid}`,
  );
  // One read of the draft's warnings for both lists below the zones.
  const draft = useDraftWarnings(development.devid);
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const base = `/contenu/${development.devid}`;

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = zones.data ?? [];
    return needle ? list.filter((zone) => zone.zonename.toLowerCase().includes(needle)) : list;
  }, [zones.data, filter]);
  const selected = zones.data?.find((zone) => String(zone.zoneid) === zoneid);

  return (
    <Page
      title="Contenu des totems"
      actions={
        <>
          {switcher}
          <PublishButton devid={development.devid} devname={development.devname} />
        </>
      }
    >
      <div className="content-layout">
        <nav className="zone-nav card" aria-label="Zones">
          <div className="zone-nav-head">
            <h2>Zones</h2>
            <button type="button" className="button button-small" onClick={() => setCreating(true)}>
              + Nouvelle zone
            </button>
          </div>
          <label className="search">
            <span className="visually-hidden">Filtrer les zones</span>
            <input
              type="search"
              placeholder="Filtrer les zones…"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </label>
          {zones.loading && !zones.data && <Loading />}
          {zones.error && <LoadError message={zones.error} onRetry={zones.reload} />}
          <ul className="zone-list">
            {visible.map((zone) => (
              <li key={zone.zoneid}>
                <Link
                  to={`${base}/zones/${zone.zoneid}`}
                  aria-current={zone === selected ? 'page' : undefined}
                >
                  <span>{zone.zonename}</span>
                  <span className="zone-type">{ZONE_TYPE_LABELS[zone.type].split(' (')[0]}</span>
                </Link>
              </li>
            ))}
          </ul>
          <MissingTranslations
            devid={development.devid}
            currentZoneid={selected?.zoneid}
            draft={draft}
          />
          <MissingAltTexts
            devid={development.devid}
            currentZoneid={selected?.zoneid}
            draft={draft}
          />
        </nav>
        <div className="zone-main">
          {creating && (
            <section className="card" aria-labelledby="new-zone-title">
              <h2 id="new-zone-title">Nouvelle zone</h2>
              <ZoneForm
                devid={development.devid}
                onCancel={() => setCreating(false)}
                onSaved={(zone) => {
                  zones.setData((list) => [...(list ?? []), zone]);
                  setCreating(false);
                  void navigate(`${base}/zones/${zone.zoneid}`);
                }}
              />
            </section>
          )}
          {selected ? (
            <ZoneEditor
              key={selected.zoneid}
              zone={selected}
              onZoneSaved={(zone) =>
                zones.setData((list) =>
                  (list ?? []).map((z) => (z.zoneid === zone.zoneid ? zone : z)),
                )
              }
              onZoneDeleted={() => {
                zones.setData((list) => (list ?? []).filter((z) => z.zoneid !== selected.zoneid));
                void navigate(base);
              }}
            />
          ) : (
            !creating &&
            zones.data && (
              <div className="card empty-state">
                <h2>Choisissez une zone</h2>
                <p>
                  Chaque zone est une rubrique des totems (menu, plan du site, consignes…).
                  Choisissez-en une à gauche pour modifier ce qu’elle affiche, puis publiez.
                </p>
              </div>
            )
          )}
        </div>
      </div>
    </Page>
  );
}

const LANGUAGE_COLUMNS: ReadonlyArray<{ lang: ContentLanguage; title: ReactNode; hint: string }> = [
  {
    lang: 'fr',
    title: 'Français',
    hint: 'Montré sur les totems, et aux visiteurs en français.',
  },
  {
    lang: 'en',
    title: <span lang="en">English</span>,
    hint: 'Version anglaise, montrée aux visiteurs en anglais (remplace toute la version française).',
  },
];

/** The width under which global.css lays the back-office out for a phone. */
const PHONE = '(max-width: 760px)';

const countLabel = (count: number) => `${count} élément${count > 1 ? 's' : ''}`;

function ZoneEditor({
  zone,
  onZoneSaved,
  onZoneDeleted,
}: {
  zone: AdminZone;
  onZoneSaved: (zone: AdminZone) => void;
  onZoneDeleted: () => void;
}) {
  const elements = useResource(
    () => call('adminElements', { params: { zoneid: zone.zoneid } }),
    `elements-${zone.zoneid}`,
  );
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [previewLanguage, setPreviewLanguage] = useState<ContentLanguage>('fr');
  const list = elements.data ?? [];
  const selected = list.find((element) => element.elementid === selectedId) ?? null;
  const selectedLanguage = selected ? elementLanguage(selected) : null;
  const setList = (next: AdminElement[]) => elements.setData(next);
  // On a phone the zone list sits above the zone (one column): bring the chosen zone into view, or
  // a tap on a zone would seem to do nothing.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches) {
      top.current?.scrollIntoView({ block: 'start' });
    }
  }, []);
  // English content is shown only on the visitor pages (decision 021): a staff zone gets no English
  // column, so nobody writes a version no totem will show — unless it already has one to manage.
  const visitorPage = visitorZonePage(zone.zonename);
  const columns =
    visitorPage || elementsIn(list, 'en').length > 0
      ? LANGUAGE_COLUMNS
      : LANGUAGE_COLUMNS.filter((column) => column.lang === 'fr');
  // The preview follows the language being edited.
  const selectIn = (lang: ContentLanguage) => (elementid: number | null) => {
    setSelectedId(elementid);
    if (elementid !== null) setPreviewLanguage(lang);
  };

  return (
    <div className="zone-editor stack" ref={top}>
      <section className="card" aria-labelledby="zone-title">
        <h2 id="zone-title">{zone.zonename}</h2>
        <p className="muted small">
          {visitorPage
            ? `Zone des pages visiteurs (« ${visitorPage} ») : elle a une version française et une version anglaise.`
            : 'Zone des pages du personnel : les totems la montrent en français.'}
        </p>
        <details className="zone-properties">
          <summary>Propriétés de la zone (nom, type, liste d’étapes)</summary>
          <div className="stack">
            <ZoneForm devid={zone.devid} zone={zone} onSaved={onZoneSaved} />
            <ZoneDelete zone={zone} elementCount={list.length} onDeleted={onZoneDeleted} />
          </div>
        </details>
      </section>
      <section className="card" aria-labelledby="elements-title">
        <h2 id="elements-title">Éléments</h2>
        <p className="muted small">
          {columns.length > 1
            ? 'Dans l’ordre d’affichage, une colonne par langue. Glissez une ligne, ou utilisez ↑ et ↓, pour changer l’ordre dans sa langue.'
            : 'Dans l’ordre d’affichage. Glissez une ligne, ou utilisez ↑ et ↓, pour changer l’ordre.'}
        </p>
        {elements.loading && !elements.data && <Loading />}
        {elements.error && <LoadError message={elements.error} onRetry={elements.reload} />}
        {elements.data && (
          <div
            className={`language-columns${columns.length > 1 ? '' : ' language-columns-single'}`}
          >
            {columns.map(({ lang, title, hint }) => (
              <section
                key={lang}
                className={`language-column language-column-${lang}`}
                aria-labelledby={`elements-${lang}-title`}
              >
                <div className="language-column-title">
                  <span className="language-tag" aria-hidden="true">
                    {lang.toUpperCase()}
                  </span>
                  <h3 id={`elements-${lang}-title`}>{title}</h3>
                  <span className="muted small language-count">
                    {countLabel(elementsIn(list, lang).length)}
                  </span>
                </div>
                <p className="muted small">{hint}</p>
                <ElementsPanel
                  zone={zone}
                  lang={lang}
                  elements={list}
                  setElements={setList}
                  selectedId={selectedId}
                  onSelect={selectIn(lang)}
                />
              </section>
            ))}
          </div>
        )}
      </section>
      <div className="zone-columns">
        <div className="stack">
          {selected && selectedLanguage ? (
            <section
              className={`card language-edit language-edit-${selectedLanguage}`}
              aria-labelledby="element-title"
            >
              <h2 id="element-title">
                <span className="language-tag" aria-hidden="true">
                  {selectedLanguage.toUpperCase()}
                </span>
                Modifier{' '}
                {elementName(selected, elementsIn(list, selectedLanguage).indexOf(selected))}
              </h2>
              <ElementForm
                key={selected.elementid}
                element={selected}
                onSaved={(saved) =>
                  setList(list.map((e) => (e.elementid === saved.elementid ? saved : e)))
                }
              />
              <h3>{selected.type === 'group' ? 'Sous-groupes' : 'Sous-éléments'}</h3>
              {selected.type === 'group' ? (
                <SubgroupsPanel key={`g${selected.elementid}`} elementid={selected.elementid} />
              ) : (
                <SubelementsPanel key={`s${selected.elementid}`} elementid={selected.elementid} />
              )}
            </section>
          ) : (
            <p className="card muted">
              « Modifier » sur un élément, en français ou en anglais, l’ouvre ici avec ses
              sous-éléments.
            </p>
          )}
        </div>
        <aside className="card preview-card" aria-labelledby="preview-title">
          <div className="preview-head">
            <h2 id="preview-title">Aperçu</h2>
            <div className="language-switch" role="group" aria-label="Langue de l’aperçu">
              {(['fr', 'en'] as const).map((lang) => (
                <button
                  key={lang}
                  type="button"
                  className="button button-small"
                  aria-pressed={previewLanguage === lang}
                  title={lang === 'fr' ? 'Aperçu en français' : 'Aperçu en anglais'}
                  onClick={() => setPreviewLanguage(lang)}
                >
                  {lang.toUpperCase()}
                </button>
              ))}
            </div>
          </div>
          <ZonePreview zone={zone} elements={list} language={previewLanguage} />
          <Link
            className="button button-small"
            to={previewPagePath(
              zone.devid,
              { source: 'draft' },
              { page: kioskPageOfZone(zone.zonename) },
            )}
          >
            Aperçu sur la borne
          </Link>
        </aside>
      </div>
    </div>
  );
}
