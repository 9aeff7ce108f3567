/**
 * « Vous êtes ici » (issue 47, decision 038) on a totem's page: one point per published image of
 * « Plan du site », placed by clicking the image (its position relative to the image, so every
 * screen size shows it at the same place) or, from the keyboard, by typing its position in percent.
 * « Enregistrer » sends the totem's points whole (`adminSetKioskPlanMarks`): in force at once on
 * the totem, without a publish.
 *
 * A point whose image was replaced since (`stale`) would point at the wrong place on the new plan:
 * the totem hides it, and here it is flagged until it is placed again. One not placed again is left
 * out at the next save (sent as it is, it would be stored against the new image).
 */
import type { KioskPlanMarks, PlanImage } from '@plant-kiosk/contract';
import { useCallback, useEffect, useId, useState, type MouseEvent } from 'react';
import { LoadError, Loading } from '../../components/page';
import { Notice } from '../../components/notice';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { mediaUrl } from '../../lib/media-url';
import './kiosk-plan-marks-editor.css';

export const PLAN_MARK_TEXT = {
  title: 'Vous êtes ici',
  here: 'Vous êtes ici',
  stale: 'L’image a été remplacée : replacez le point.',
  gone: (count: number) =>
    count === 1
      ? 'Un point était placé sur une image retirée du plan : il sera supprimé à l’enregistrement.'
      : `${count} points étaient placés sur des images retirées du plan : ils seront supprimés à l’enregistrement.`,
  noPlan:
    'Le plan du site publié n’a aucune image : publiez-en une dans la zone « Plan du site » pour y placer ce totem.',
  help: 'Cliquez sur le plan à l’endroit où se trouve ce totem (ou saisissez sa position en pourcentage). Le point s’affiche sur le totem dès l’enregistrement, sans publication.',
  unsaved: 'Modifications non enregistrées.',
} as const;

interface Point {
  x: number;
  y: number;
  /** Placed on an image since replaced, and not placed again yet. */
  stale: boolean;
}

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
const percent = (value: number) => String(Math.round(value * 1000) / 10);

const pointsOf = (answer: KioskPlanMarks): Map<number, Point> =>
  new Map(
    answer.marks.map((mark) => [mark.elementid, { x: mark.x, y: mark.y, stale: mark.stale }]),
  );

export interface KioskPlanMarksEditorProps {
  devid: number;
  kioskId: string;
  /** Admins and the development's editors; others see the points without changing them. */
  canEdit: boolean;
}

export function KioskPlanMarksEditor({ devid, kioskId, canEdit }: KioskPlanMarksEditorProps) {
  const [answer, setAnswer] = useState<KioskPlanMarks | null>(null);
  const [points, setPoints] = useState<Map<number, Point>>(new Map());
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  const take = useCallback((next: KioskPlanMarks) => {
    setAnswer(next);
    setPoints(pointsOf(next));
    setDirty(false);
  }, []);

  const read = useCallback(
    () =>
      call('adminKioskPlanMarks', { params: { devid, kioskId } })
        .then((next) => {
          take(next);
          setLoadError(null);
        })
        .catch((failure: unknown) => setLoadError(errorMessage(failure))),
    [devid, kioskId, take],
  );
  useEffect(() => {
    void read();
  }, [read]);

  const place = (elementid: number, point: Point | null) => {
    setPoints((current) => {
      const next = new Map(current);
      if (point) next.set(elementid, point);
      else next.delete(elementid);
      return next;
    });
    setDirty(true);
    setSaved(null);
  };

  const save = async () => {
    if (!answer) return;
    setSaving(true);
    setSaveError(null);
    try {
      const shown = new Set(answer.images.map((image) => image.elementid));
      const marks = [...points]
        .filter(([elementid, point]) => shown.has(elementid) && !point.stale)
        .map(([elementid, { x, y }]) => ({ elementid, x, y }));
      const result = await callWithMessage('adminSetKioskPlanMarks', {
        params: { devid, kioskId },
        body: { marks },
      });
      take(result.data);
      setSaved(result.message);
    } catch (failure) {
      setSaveError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const gone = answer
    ? answer.marks.filter(
        (mark) => !answer.images.some((image) => image.elementid === mark.elementid),
      ).length
    : 0;

  return (
    <section className="card kiosk-section plan-marks" aria-labelledby="kiosk-plan-marks-title">
      <h2 id="kiosk-plan-marks-title">{PLAN_MARK_TEXT.title}</h2>
      {loadError && <LoadError message={loadError} onRetry={() => void read()} />}
      {!answer && !loadError && <Loading />}
      {answer && (
        <>
          {answer.images.length === 0 ? (
            <p className="muted">{PLAN_MARK_TEXT.noPlan}</p>
          ) : (
            canEdit && <p className="muted small">{PLAN_MARK_TEXT.help}</p>
          )}
          {gone > 0 && <Notice tone="warning">{PLAN_MARK_TEXT.gone(gone)}</Notice>}
          <div className="plan-marks-images">
            {answer.images.map((image, index) => (
              <PlanImageEditor
                key={image.elementid}
                image={image}
                position={index + 1}
                count={answer.images.length}
                point={points.get(image.elementid) ?? null}
                canEdit={canEdit}
                onPlace={(point) => place(image.elementid, point)}
              />
            ))}
          </div>
          {saveError && <Notice tone="error">{saveError}</Notice>}
          {saved && (
            <Notice tone="success" onClose={() => setSaved(null)}>
              {saved}
            </Notice>
          )}
          {canEdit && answer.images.length > 0 && (
            <div className="plan-marks-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={saving || !dirty}
                onClick={() => void save()}
              >
                {saving ? 'Enregistrement…' : 'Enregistrer'}
              </button>
              {dirty && <span className="muted small">{PLAN_MARK_TEXT.unsaved}</span>}
            </div>
          )}
        </>
      )}
    </section>
  );
}

function PlanImageEditor({
  image,
  position,
  count,
  point,
  canEdit,
  onPlace,
}: {
  image: PlanImage;
  position: number;
  count: number;
  point: Point | null;
  canEdit: boolean;
  onPlace: (point: Point | null) => void;
}) {
  const id = useId();
  const english = image.lang === 'en' ? ' (version anglaise)' : '';
  const name = `${count > 1 ? `Plan du site, image ${position} sur ${count}` : 'Plan du site'}${english}`;
  const click = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onPlace({
      x: round((event.clientX - box.left) / box.width),
      y: round((event.clientY - box.top) / box.height),
      stale: false,
    });
  };
  // Typed in percent: the other coordinate starts in the middle when there is no point yet.
  const typed = (axis: 'x' | 'y', text: string) => {
    const value = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(value)) return;
    const base = point && !point.stale ? point : { x: 0.5, y: 0.5 };
    onPlace({ ...base, [axis]: round(value / 100), stale: false });
  };
  return (
    <figure className="plan-mark-image" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <strong>{name}</strong>
        {point?.stale && (
          <span className="badge badge-flag plan-mark-stale" role="status">
            ⚠ {PLAN_MARK_TEXT.stale}
          </span>
        )}
        {!point && <span className="muted small"> — aucun point</span>}
      </figcaption>
      <div className={`plan-mark-frame${canEdit ? ' plan-mark-frame-editable' : ''}`}>
        <img
          src={mediaUrl(image.image)}
          alt={canEdit ? `${name} : cliquez pour placer le point « Vous êtes ici »` : name}
          onClick={canEdit ? click : undefined}
          draggable={false}
        />
        {point && (
          <span
            className={`plan-mark-pin${point.stale ? ' plan-mark-pin-stale' : ''}`}
            style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
            data-testid="plan-mark-pin"
          >
            <span className="plan-mark-label">{PLAN_MARK_TEXT.here}</span>
          </span>
        )}
      </div>
      {canEdit && (
        <div className="plan-mark-controls">
          <label>
            Horizontal (%)
            <input
              type="number"
              min={0}
              max={100}
              step={0.1}
              inputMode="decimal"
              value={point && !point.stale ? percent(point.x) : ''}
              onChange={(event) => typed('x', event.target.value)}
            />
          </label>
          <label>
            Vertical (%)
            <input
              type="number"
              min={0}
              max={100}
              step={0.1}
              inputMode="decimal"
              value={point && !point.stale ? percent(point.y) : ''}
              onChange={(event) => typed('y', event.target.value)}
            />
          </label>
          <button type="button" className="button" disabled={!point} onClick={() => onPlace(null)}>
            Retirer
          </button>
        </div>
      )}
    </figure>
  );
}
