/**
 * "Modèles d'alerte" (red button and acknowledgements, decision 022): the development's alert
 * templates as in the draft — what the red button and the fire-alarm panel choose from once
 * published — and the editor of one (`/modeles-alerte/:devid/:templateid`, or `nouveau`). Each says
 * whether the totems already have it as shown ("Non publié" otherwise) and whether it is the alert
 * in force's. Templates whose name a trigger could mistake for another (saved before the naming
 * rules of issue 40: decomposed, invisible characters, mixed scripts, a look-alike twin) are
 * listed with the reasons: the server never renames them, the admin does. Below them, the rules
 * from CAP messages (building systems) to templates (cap-mapping-section.tsx, issue 50).
 */
import {
  ALERT_KIND_LABELS,
  PALETTE,
  type AdminAlertTemplate,
  type AdminAlertTemplateList,
  type AdminDevelopment,
} from '@plant-kiosk/contract';
import { AlertPictogramIcon } from '@plant-kiosk/ui';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { FeedbackNotice, Notice, type Feedback } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';
import { CapMappingSection } from './cap-mapping-section';
import { TemplateEditor } from './template-editor';
import { formatMinutes } from './template-form';
import './alert-templates.css';

const BASE = '/modeles-alerte';

export function AlertTemplatesPage() {
  return (
    <DevelopmentGate base={BASE}>
      {(development, switcher) => (
        <AlertTemplates key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

function AlertTemplates({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const { templateid } = useParams();
  const navigate = useNavigate();
  const resource = useResource(
    () => call('adminAlertTemplates', { params: { devid } }),
    `alert-templates-${devid}`,
  );
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const list = resource.data;

  if (templateid !== undefined) {
    const isNew = templateid === 'nouveau';
    const template = list?.templates.find((item) => String(item.templateid) === templateid);
    return (
      <Page
        title={
          isNew
            ? 'Nouveau modèle d’alerte'
            : template
              ? `Modèle d’alerte « ${template.name} »`
              : 'Modèle d’alerte'
        }
        actions={
          <Link className="button" to={`${BASE}/${devid}`}>
            ← Tous les modèles
          </Link>
        }
      >
        {resource.loading && !list && <Loading />}
        {resource.error && <LoadError message={resource.error} onRetry={resource.reload} />}
        {list && !isNew && !template && (
          <LoadError message="Ce modèle d’alerte n’existe plus : il a sans doute été supprimé." />
        )}
        {list && (isNew || template) && (
          <TemplateEditor
            key={template?.templateid ?? 'nouveau'}
            devid={devid}
            template={template ?? null}
            onSaved={(saved) => {
              resource.setData((current) => upsert(current, saved));
              if (isNew) void navigate(`${BASE}/${devid}/${saved.templateid}`, { replace: true });
            }}
            onDeleted={(message) => {
              setFeedback({ tone: 'success', text: message });
              resource.reload();
              void navigate(`${BASE}/${devid}`);
            }}
          />
        )}
      </Page>
    );
  }

  return (
    <Page
      title="Modèles d’alerte"
      actions={
        <>
          {switcher}
          <Link className="button button-primary" to={`${BASE}/${devid}/nouveau`}>
            Nouveau modèle
          </Link>
        </>
      }
    >
      <p className="muted">
        Ce que le bouton « Déclencher une alerte » et la centrale d’alarme proposent, une fois
        publié : les totems les gardent pour s’afficher même hors ligne.
      </p>
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {resource.loading && !list && <Loading />}
      {resource.error && <LoadError message={resource.error} onRetry={resource.reload} />}
      {list && list.removedUnpublished.length > 0 && (
        <Notice tone="info">
          Supprimé{list.removedUnpublished.length > 1 ? 's' : ''} du brouillon, encore sur les
          totems jusqu’à la prochaine publication :{' '}
          {list.removedUnpublished.map((item) => `« ${item.name} »`).join(', ')}.
        </Notice>
      )}
      {list && list.nameWarnings.length > 0 && (
        <Notice tone="warning">
          <p>
            Nom{list.nameWarnings.length > 1 ? 's' : ''} à corriger : une centrale d’alarme ou une
            personne qui déclenche une alerte par son nom pourrait confondre{' '}
            {list.nameWarnings.length > 1 ? 'ces modèles' : 'ce modèle'} avec un autre. Rien n’a été
            renommé : modifiez le nom (et la configuration de la centrale qui l’utilise).
          </p>
          <ul data-testid="alert-template-name-warnings">
            {list.nameWarnings.map((warning) => (
              <li key={warning.templateid}>
                <Link to={`${BASE}/${devid}/${warning.templateid}`}>
                  « {warning.name} » (n° {warning.templateid})
                </Link>{' '}
                : {warning.reasons.join(' ; ')}.
              </li>
            ))}
          </ul>
        </Notice>
      )}
      {list && list.templates.length === 0 && (
        <p className="card">
          Aucun modèle d’alerte : créez-en un pour pouvoir déclencher une alerte.
        </p>
      )}
      {list && list.templates.length > 0 && (
        <ul className="template-list" data-testid="alert-templates">
          {list.templates.map((template) => (
            <TemplateCard key={template.templateid} devid={devid} template={template} />
          ))}
        </ul>
      )}
      {list && <CapMappingSection devid={devid} templates={list.templates} />}
    </Page>
  );
}

function upsert(
  current: AdminAlertTemplateList | undefined,
  saved: AdminAlertTemplate,
): AdminAlertTemplateList {
  const templates = current?.templates ?? [];
  const others = templates.filter((item) => item.templateid !== saved.templateid);
  return {
    devid: current?.devid ?? 0,
    removedUnpublished: current?.removedUnpublished ?? [],
    // The saved name passed the rules; the other warnings stay until the list is read again.
    nameWarnings: (current?.nameWarnings ?? []).filter(
      (warning) => warning.templateid !== saved.templateid,
    ),
    templates: [...others, saved].sort((a, b) => a.name.localeCompare(b.name, 'fr')),
  };
}

function TemplateCard({ devid, template }: { devid: number; template: AdminAlertTemplate }) {
  return (
    <li className="card template-card" data-testid="alert-template">
      <span
        className="template-card-swatch"
        style={{ background: PALETTE[template.colour] }}
        aria-hidden="true"
      >
        <AlertPictogramIcon name={template.pictogram} />
      </span>
      <div className="template-card-body">
        <h2 className="template-card-name">{template.name}</h2>
        <p className="muted small">
          {ALERT_KIND_LABELS[template.kind]} · au plus {formatMinutes(template.maxDurationMinutes)}
        </p>
        <p lang="fr">{template.titleFr}</p>
        {template.titleEn && (
          <p lang="en" className="muted">
            {template.titleEn}
          </p>
        )}
        <p className="template-card-badges">
          {template.unpublished && <span className="badge badge-warn">Non publié</span>}
          {template.inUse && <span className="badge badge-flag">Alerte en cours</span>}
        </p>
      </div>
      <Link
        className="button"
        to={`/modeles-alerte/${devid}/${template.templateid}`}
        aria-label={`Modifier le modèle « ${template.name} »`}
      >
        Modifier
      </Link>
    </li>
  );
}
