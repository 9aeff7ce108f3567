/**
 * Every action the server writes to the audit log reads as a French sentence (issue 41, item 12):
 * the list below is the server's `action:` values (grep apps/server/src for `action:`), each with
 * the summary it writes.
 */
import type { AuditEntry } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence';

const entry = (
  action: string,
  summary: unknown,
  target: Partial<Pick<AuditEntry, 'targetType' | 'targetId'>> = {},
): AuditEntry => ({
  id: 1,
  at: '2026-07-27T08:00:00.000Z',
  userid: 1,
  username: 'camille',
  devid: 1,
  action,
  targetType: target.targetType ?? null,
  targetId: target.targetId ?? null,
  summary,
  count: 1,
  lastAt: null,
});

const counts = (kind: string, tally: Record<string, number>) => ({ [kind]: tally });

const CASES: Array<[AuditEntry, string | RegExp]> = [
  // Scheduled publishing (issue 45): instants in the plant's time, said as such.
  [
    entry(
      'publish.schedule',
      {
        setid: 7,
        at: '2026-11-30T04:00:00.000Z',
        note: 'Menu semaine 49',
        counts: counts('element', { added: 0, changed: 2, removed: 0 }),
      },
      { targetType: 'development', targetId: 1 },
    ),
    'Publication programmée pour lundi 30 novembre à 05:00 (heure de Paris) (2 éléments modifiés), programmation n° 7. Note : « Menu semaine 49 »',
  ],
  [
    entry(
      'publish.schedule',
      {
        setid: 8,
        at: '2027-01-04T04:00:00.000Z',
        note: null,
        counts: counts('element', { added: 1, changed: 0, removed: 0 }),
      },
      { targetType: 'zone', targetId: 4 },
    ),
    'Publication de la zone n° 4 seule programmée pour lundi 4 janvier 2027 à 05:00 (heure de Paris) (1 élément ajouté), programmation n° 8',
  ],
  [
    entry('publish.schedule-cancel', {
      setid: 7,
      at: '2026-11-30T04:00:00.000Z',
      note: 'Menu semaine 49',
    }),
    'Programmation annulée (programmation n° 7) : rien n’est parti lundi 30 novembre à 05:00 (heure de Paris), ses modifications restent non publiées. Note : « Menu semaine 49 »',
  ],
  [
    entry('publish.reschedule', {
      setid: 7,
      from: '2026-11-30T04:00:00.000Z',
      at: '2026-12-01T05:30:00.000Z',
      wasHeld: true,
    }),
    'Publication programmée déplacée (programmation n° 7) : de lundi 30 novembre à 05:00 (heure de Paris) à mardi 1er décembre à 06:30 (heure de Paris) ; elle était retenue et attend de nouveau son heure',
  ],
  [
    entry('publish.scheduled', {
      setid: 7,
      revision: 12,
      at: '2026-11-30T04:00:00.000Z',
      lateMs: 3_900_000,
      counts: counts('element', { added: 0, changed: 2, removed: 0 }),
      summary: '2 éléments modifiés',
    }),
    'Publication programmée mise en ligne (programmation n° 7) : révision 12 (2 éléments modifiés), prévue lundi 30 novembre à 05:00 (heure de Paris), avec 1 h 05 de retard',
  ],
  [
    entry('publish.scheduled', {
      setid: 9,
      revision: 13,
      at: '2026-07-27T03:00:00.000Z',
      lateMs: 800,
      counts: counts('zone', { added: 1, changed: 0, removed: 0 }),
    }),
    'Publication programmée mise en ligne (programmation n° 9) : révision 13 (1 zone ajoutée), prévue lundi 27 juillet à 05:00 (heure de Paris)',
  ],
  [
    entry('publish.schedule-already-live', {
      setid: 7,
      revision: 12,
      at: '2026-11-30T04:00:00.000Z',
      lateMs: 400,
      counts: counts('element', { added: 0, changed: 2, removed: 0 }),
      summary: '2 éléments modifiés',
    }),
    'Publication programmée sans effet à son heure (programmation n° 7) : tout ce qu’elle apportait (2 éléments modifiés) était déjà en ligne dans la révision 12, rien à publier ; prévue lundi 30 novembre à 05:00 (heure de Paris)',
  ],
  [
    entry('publish.schedule-held', {
      setid: 7,
      reason:
        'Ne s’applique plus telle quelle : un élément a changé sur les totems depuis sa programmation (élément 12). Rien n’a été écrasé : publiez le brouillon maintenant, reprogrammez-la ou annulez-la.',
    }),
    'Publication programmée retenue (programmation n° 7) : Ne s’applique plus telle quelle : un élément a changé sur les totems depuis sa programmation (élément 12). Rien n’a été écrasé : publiez le brouillon maintenant, reprogrammez-la ou annulez-la.',
  ],
  [
    entry('pack.export', {
      revision: 7,
      zones: ['Menu'],
      counts: { zone: 1, element: 5, subgroup: 0, subelement: 0, alert_template: 0, media: 2 },
      bytes: 2048,
    }),
    'Paquet de contenu de la révision 7 téléchargé (zones « Menu ») : 1 zone(s), 5 élément(s), 2 fichier(s)',
  ],
  [
    entry('pack.import', {
      source: { devname: 'neubourg', revision: 12, zones: null },
      created: true,
      counts: { zone: 44, element: 170, media: 314 },
      mediaAdded: 310,
      mediaReused: 4,
    }),
    'Paquet de contenu de « neubourg » importé dans les modifications non publiées d’un nouveau développement : 44 zone(s), 170 élément(s), 314 fichier(s), 310 fichier(s) ajouté(s), 4 déjà dans la médiathèque',
  ],
  [
    entry('session.login', { ip: '10.0.0.8' }),
    'Connexion au back-office depuis l’adresse 10.0.0.8',
  ],
  [
    entry('publish', {
      note: 'Menu semaine 48',
      delivered: 3,
      revision: 5,
      created: true,
      counts: counts('element', { added: 0, changed: 2, removed: 0 }),
    }),
    'Publication sur les totems : révision 5 (2 éléments modifiés), envoyée à 3 totems connectés. Note : « Menu semaine 48 »',
  ],
  [
    entry('publish', { onlyZone: 4, delivered: 0, revision: 6, created: true, counts: {} }),
    'Publication de la zone n° 4 seule sur les totems : révision 6, aucun totem connecté à ce moment',
  ],
  [
    entry('publish', { delivered: 1, revision: 6, created: false, counts: {} }),
    'Publication sur les totems sans nouveauté : ils avaient déjà la révision 6',
  ],
  [
    entry(
      'draft.discard',
      { revision: 4, counts: counts('element', { added: 1, changed: 0, removed: 0 }) },
      { targetType: 'zone', targetId: 7 },
    ),
    'Modifications non publiées de la zone n° 7 annulées (1 élément ajouté) : retour au contenu de la révision 4',
  ],
  [
    entry('revision.rollback', {
      rolledBackTo: 1,
      revision: 5,
      counts: counts('zone', { added: 44, changed: 0, removed: 0 }),
    }),
    'Retour à la révision 1, publié sur les totems comme révision 5 (44 zones ajoutées)',
  ],
  [
    entry('zone.create', { after: { zonename: 'Menu', type: 'images' } }, { targetId: 3 }),
    'Zone ajoutée : « Menu » (liste d’images) (n° 3)',
  ],
  [
    entry(
      'zone.update',
      { before: { zonename: 'Menu' }, after: { zonename: 'Menu du jour' } },
      { targetId: 3 },
    ),
    'Zone modifiée (n° 3) : nom « Menu » → « Menu du jour »',
  ],
  [
    entry('zone.delete', { deleted: { zonename: 'Menu', elements: 2 } }, { targetId: 3 }),
    'Zone supprimée : « Menu » (n° 3)',
  ],
  [
    entry(
      'element.create',
      { after: { value: 'media/uploads/1/menu-48-1a2b3c4d.webp', type: 'image' } },
      { targetId: 21 },
    ),
    'Élément ajouté : image « menu 48 » (n° 21)',
  ],
  [
    entry(
      'element.update',
      {
        before: { value: 'media/images/plan.svg' },
        after: { value: 'media/uploads/1/plan-2.webp' },
      },
      { targetId: 21 },
    ),
    'Élément modifié (n° 21) : valeur « plan » → « plan 2 »',
  ],
  [
    entry('element.delete', { deleted: { value: 'Lasagnes', type: 'text' } }, { targetId: 21 }),
    'Élément supprimé : texte « Lasagnes » (n° 21)',
  ],
  [
    entry('subelement.create', { after: { value: 'Prix', type: 'text' } }, { targetId: 5 }),
    'Sous-élément ajouté : texte « Prix » (n° 5)',
  ],
  [
    entry(
      'subelement.update',
      { before: { type: 'text' }, after: { type: 'image' } },
      { targetId: 5 },
    ),
    'Sous-élément modifié (n° 5) : type texte → image',
  ],
  [
    entry('subelement.delete', { deleted: { value: 'Prix', type: 'text' } }, { targetId: 5 }),
    'Sous-élément supprimé : texte « Prix » (n° 5)',
  ],
  [
    entry('subgroup.create', { after: { model: 'Produit' } }, { targetId: 8 }),
    'Sous-groupe ajouté : du modèle « Produit » (n° 8)',
  ],
  [
    entry(
      'subgroup.update',
      { before: { titre: ['Pompe'] }, after: { titre: ['Pompe 2'] } },
      { targetId: 8 },
    ),
    'Sous-groupe modifié (n° 8) : titre « Pompe » → « Pompe 2 »',
  ],
  [
    entry('subgroup.delete', { deleted: { model: 'Produit' } }, { targetId: 8 }),
    'Sous-groupe supprimé : du modèle « Produit » (n° 8)',
  ],
  [
    entry('elements.reorder', { ids: [3, 1, 2] }, { targetId: 4 }),
    'Éléments de la zone n° 4 remis dans un nouvel ordre (3 éléments)',
  ],
  [
    entry('subelements.reorder', { ids: [3, 1] }, { targetId: 21 }),
    'Sous-éléments de l’élément n° 21 remis dans un nouvel ordre (2 sous-éléments)',
  ],
  [
    entry('subgroups.reorder', { ids: [9] }, { targetId: 21 }),
    'Sous-groupes de l’élément n° 21 remis dans un nouvel ordre (1 sous-groupe)',
  ],
  [
    entry('alert.start', { template: 'Évacuation', drill: false, alertid: 3 }),
    'Alerte « Évacuation » déclenchée sur les totems',
  ],
  [
    entry('alert.start', { template: 'Évacuation', drill: true, alertid: 3 }),
    'Exercice « Évacuation » déclenché sur les totems',
  ],
  [
    entry('alert.replace', {
      template: 'Confinement',
      drill: false,
      replaced: 'Évacuation',
      replacedDrill: true,
    }),
    'Alerte « Confinement » déclenchée en remplacement de l’exercice « Évacuation »',
  ],
  [
    entry('alert.end', { template: 'Évacuation', drill: false, alertid: 3, acknowledged: 8 }),
    'Fin de l’alerte « Évacuation » : 8 totems l’avaient affichée',
  ],
  [
    entry('alert.refused', {
      template: 'Évacuation',
      drill: true,
      replace: false,
      inForce: 'Confinement',
      inForceDrill: false,
    }),
    'Exercice « Évacuation » refusé : l’alerte « Confinement » était en cours (un exercice ne remplace jamais une alerte réelle)',
  ],
  [
    entry('alert.refused', {
      template: 'Confinement',
      drill: false,
      replace: false,
      inForce: 'Évacuation',
      inForceDrill: false,
    }),
    'Alerte « Confinement » refusée : l’alerte « Évacuation » était en cours (« Remplacer l’alerte en cours » n’était pas coché)',
  ],
  [
    entry('alert.start', {
      template: 'Évacuation',
      drill: true,
      alertid: 4,
      cap: { sender: 'gtb@usine', identifier: 'gtb-42' },
    }),
    'Exercice « Évacuation » déclenché sur les totems (message CAP de gtb@usine, gtb-42)',
  ],
  [
    entry('alert.refused', {
      template: 'Confinement',
      drill: false,
      replace: false,
      inForce: 'Évacuation',
      inForceDrill: false,
      cap: { sender: 'gtb@usine', identifier: 'gtb-43' },
    }),
    'Alerte « Confinement » refusée : l’alerte « Évacuation » était en cours (le message CAP ne la nommait pas dans <references>) (message CAP de gtb@usine, gtb-43)',
  ],
  [
    entry('alert.cap_refused', {
      status: 422,
      reason: 'status "Draft": a draft is never shown on the totems, nor recorded',
      sender: 'gtb@usine',
      identifier: 'gtb-44',
      capStatus: 'Draft',
      capDocument: true,
    }),
    'Message CAP refusé (422) de gtb@usine, identifiant gtb-44 : status « Draft »: a draft is never shown on the totems, nor recorded',
  ],
  [
    entry('alert.unauthorized', { method: 'DELETE', ip: '10.0.0.7', token: 'missing' }),
    'Appel d’alerte refusé : jeton absent (requête DELETE depuis l’adresse 10.0.0.7)',
  ],
  [
    entry('cap.mapping.update', {
      before: [
        { match: 'event', value: 'Incendie', templateid: 4, template: 'Évacuation' },
        { match: 'eventCode', value: 'GAS', templateid: 5, template: 'Fuite' },
      ],
      after: [
        { match: 'event', value: 'INCENDIE', templateid: 6, template: 'Confinement' },
        { match: 'eventCode', valueName: 'SAME', value: 'FRW', templateid: 4, template: null },
      ],
    }),
    'Règles des messages CAP modifiées : ajout code d’événement SAME = « FRW » → modèle n° 4 ; événement « INCENDIE » : « Évacuation » → « Confinement » ; retrait code d’événement « GAS » → « Fuite »',
  ],
  [
    entry('cap.mapping.update', {
      before: [{ match: 'event', value: 'Incendie', templateid: 4, template: 'Évacuation' }],
      after: [{ match: 'event', value: 'Incendie', templateid: 4, template: 'Évacuation' }],
    }),
    'Règles des messages CAP enregistrées sans changement (1 règle)',
  ],
  [
    entry('alert.token.regenerate', { ip: '10.0.0.8' }),
    'Jeton d’alerte régénéré depuis l’adresse 10.0.0.8 : l’ancien est refusé depuis',
  ],
  [
    entry('alert_template.create', { after: { name: 'Fuite de gaz' } }),
    'Modèle d’alerte « Fuite de gaz » créé',
  ],
  [
    entry(
      'alert_template.update',
      { before: { titleFr: 'Évacuez' }, after: { titleFr: 'Évacuez le bâtiment' } },
      { targetId: 2 },
    ),
    'Modèle d’alerte n° 2 modifié : titre (français) « Évacuez » → « Évacuez le bâtiment »',
  ],
  [
    entry('alert_template.delete', { deleted: { name: 'Fuite de gaz' } }),
    'Modèle d’alerte « Fuite de gaz » supprimé',
  ],
  [
    entry('setting.update', {
      websiteUrl: { before: null, after: 'https://www.exemple.fr' },
    }),
    /^Réglages modifiés — .+ : aucune → « https:\/\/www\.exemple\.fr »$/,
  ],
  [
    // The opening hours (issue 48, part 2): their summary, not an object.
    entry('setting.update', {
      openingHours: {
        before: { kind: 'always' },
        after: {
          kind: 'weekly',
          days: [[{ open: '06:00', close: '20:00' }], [], [], [], [], [], []],
        },
      },
    }),
    'Réglages modifiés — Heures d’ouverture : Toujours ouvert (3×8) → Lun 06:00–20:00 · mar–dim fermé',
  ],
  [
    entry('media.upload', {
      after: {
        originalName: 'Menu 48.jpg',
        kind: 'image',
        value: 'media/uploads/1/menu-48.webp',
        bytes: 2048,
      },
    }),
    'Fichier « Menu 48.jpg » ajouté à la médiathèque (2 Ko)',
  ],
  [
    entry('media.delete', { deleted: { originalName: 'Menu 48.jpg' } }),
    'Fichier « Menu 48.jpg » supprimé de la médiathèque',
  ],
  [
    entry('user.create', { after: { username: 'dominique', role: 'editor' } }),
    'Utilisateur « dominique » créé (éditeur)',
  ],
  [
    entry('user.update', {
      username: 'dominique',
      disabled: { before: false, after: true },
      password: 'changed',
    }),
    'Utilisateur « dominique » modifié — désactivé : non → oui ; mot de passe changé',
  ],
  [entry('development.create', { after: { devname: 'vernon' } }), 'Développement « vernon » créé'],
  [
    entry('kiosk-account.create', { after: { login: 'totem-2' } }),
    'Compte de totem « totem-2 » créé',
  ],
  [
    entry('kiosk-account.password', { login: 'totem-2' }),
    'Mot de passe du compte de totem « totem-2 » changé',
  ],
  [
    entry('tokens.revoke', { tokenVersion: 3 }),
    'Jetons des totems révoqués : chaque totem doit se reconnecter',
  ],
  [
    entry('kiosk.profile.update', {
      kioskId: '78faa52c',
      name: { before: null, after: 'Hall d’accueil' },
      groups: { before: [], after: ['Bâtiment A', 'Ateliers'] },
    }),
    'Totem « 78faa52c » renommé ou décrit : nom (vide) → « Hall d’accueil » ; groupes (aucun) → « Bâtiment A », « Ateliers »',
  ],
  [
    entry('kiosk.plan-marks.update', {
      kioskId: '78faa52c',
      before: [
        { elementid: 3, x: 0.5, y: 0.5, image: 'media/images/plan.png' },
        { elementid: 4, x: 0.1, y: 0.1, image: 'media/images/plan-b.png' },
      ],
      after: [
        { elementid: 3, x: 0.25, y: 0.5, image: 'media/images/plan.png' },
        { elementid: 5, x: 0.2, y: 0.8, image: 'media/images/plan-c.png' },
      ],
    }),
    'Points « Vous êtes ici » du totem « 78faa52c » : 1 placé, 1 déplacé, 1 retiré',
  ],
  [
    entry('kiosk.forget', { kioskId: '78faa52c' }),
    'Totem « 78faa52c » oublié : son jeton est révoqué, il revient à l’écran de connexion',
  ],
  [
    entry('kiosk.purge', { silentForHours: 48, kioskIds: ['a1', 'b2'] }),
    'Nettoyage du parc : 2 totems oubliés silencieux depuis plus de 48 heures (« a1 », « b2 »)',
  ],
  [
    entry('kiosk.purge', { silentForHours: 1, kioskIds: [] }),
    'Nettoyage du parc : aucun totem silencieux depuis plus de 1 heure',
  ],
  [
    entry('notifications.settings.update', {
      'webhook.url': { before: '', after: 'https://supervision.usine.example/hooks' },
      'webhook.secret': 'modifié',
      'email.enabled': { before: false, after: true },
      'email.to': { before: [], after: ['it@usine.example'] },
      'email.password': 'effacé',
    }),
    'Notifications modifiées — adresse du webhook : (vide) → « https://supervision.usine.example/hooks » ; secret du webhook modifié ; e-mail activé : non → oui ; destinataires : (aucun) → « it@usine.example » ; mot de passe SMTP effacé',
  ],
  [
    entry('notifications.test', {
      channel: 'email',
      ok: false,
      result: 'Connexion refusée par relais:25',
    }),
    'Test des notifications par e-mail : échec (Connexion refusée par relais:25)',
  ],
  [
    entry('notifications.test', { channel: 'webhook', ok: true, result: 'HTTP 200' }),
    'Test des notifications par webhook : remis (HTTP 200)',
  ],
  [
    entry('sso.settings.update', {
      enabled: { before: false, after: true },
      issuer: { before: '', after: 'https://idp.groupe.example' },
      clientSecret: 'modifié',
    }),
    'Connexion SSO modifiée — connexion activée : non → oui ; émetteur : (vide) → « https://idp.groupe.example » ; secret du client modifié',
  ],
  [
    entry('sso.test', { ok: false, result: 'Le fournisseur d’identité est injoignable' }),
    'Test de la connexion SSO : échec (Le fournisseur d’identité est injoignable)',
  ],
  [
    entry('sso.group-rights.update', { before: [], after: ['it-admins', 'totems'] }),
    'Droits par groupe de la connexion SSO modifiés — « it-admins », « totems »',
  ],
  [
    entry('sso.login.refused', { code: 'no_rights', reason: 'x', ip: '10.0.0.9' }),
    /^Connexion par le compte du groupe refusée depuis l’adresse 10\.0\.0\.9 : Votre compte n’appartient/,
  ],
  [
    entry('sso.user.create', { role: 'editor', groups: ['totems'] }),
    'Utilisateur créé à sa première connexion par le compte du groupe (éditeur)',
  ],
  [
    entry('sso.session.end', { reason: 'invalid_grant' }),
    'Session terminée : le fournisseur d’identité ne l’a pas confirmée',
  ],
  [
    entry('publish.four-eyes', {
      from: { enabled: false, allowToken: false },
      to: { enabled: true, allowToken: false },
    }),
    'Double validation activée : chaque publication devra être approuvée par une autre personne',
  ],
  [
    entry('publish.bypass', { what: 'publish', reason: 'Numéro des pompiers faux' }),
    'Publication sans approbation malgré la double validation. Raison : « Numéro des pompiers faux »',
  ],
  [
    entry('publish.request', {
      setid: 12,
      note: 'Menu S49',
      at: null,
      zoneid: null,
      rollbackTo: null,
      counts: { element: { added: 0, changed: 2, removed: 0 } },
      superseded: [11],
    }),
    'Demande n° 12 : une publication (2 éléments modifiés), à approuver par une autre personne ; elle remplace 1 demande en attente. Note : « Menu S49 »',
  ],
  [
    entry('publish.request-approve', { setid: 12, comment: 'Vu', revision: 8 }),
    'Demande n° 12 approuvée et publiée : révision 8. Commentaire : « Vu »',
  ],
  [
    entry('publish.request-refuse', { setid: 12, comment: 'Il manque les prix' }),
    'Demande n° 12 refusée : « Il manque les prix » ; ses modifications restent non publiées',
  ],
  [
    entry('publish.request-withdraw', { setid: 12, comment: null }),
    'Demande n° 12 retirée ; ses modifications restent non publiées',
  ],
];

describe('the journal in sentences', () => {
  it.each(CASES)('%#: tells $action in French', (audit, sentence) => {
    const text = auditSentence(audit);
    if (typeof sentence === 'string') expect(text).toBe(sentence);
    else expect(text).toMatch(sentence);
    // Never a raw key nor JSON.
    expect(text).not.toContain(audit.action);
    expect(text).not.toMatch(/[{}"]/);
  });

  it('covers every action the server writes', () => {
    const told = new Set(CASES.map(([audit]) => audit.action));
    for (const action of SERVER_ACTIONS) expect(told, action).toContain(action);
  });

  it('tells a scheduled publication’s times in the development’s time zone', () => {
    const scheduled = entry('publish.schedule-cancel', {
      setid: 3,
      at: '2026-11-30T14:00:00.000Z',
      note: null,
    });
    expect(auditSentence(scheduled, 'America/New_York')).toBe(
      'Programmation annulée (programmation n° 3) : rien n’est parti lundi 30 novembre à 09:00 (heure de New York), ses modifications restent non publiées',
    );
  });

  it('falls back to the generic summary for an action it does not know', () => {
    expect(auditSentence(entry('future.action', { ip: '10.0.0.9' }))).toBe(
      'future.action : adresse : « 10.0.0.9 »',
    );
  });
});

/** `grep -rhoE "action: '[^']+'" apps/server/src` and the contract's audit constants. */
const SERVER_ACTIONS = [
  'session.login',
  'publish',
  'draft.discard',
  'revision.rollback',
  'zone.create',
  'zone.update',
  'zone.delete',
  'element.create',
  'element.update',
  'element.delete',
  'subelement.create',
  'subelement.update',
  'subelement.delete',
  'subgroup.create',
  'subgroup.update',
  'subgroup.delete',
  'elements.reorder',
  'subelements.reorder',
  'subgroups.reorder',
  'alert.start',
  'alert.replace',
  'alert.end',
  'alert.refused',
  'alert.cap_refused',
  'alert.unauthorized',
  'alert.token.regenerate',
  'cap.mapping.update',
  'alert_template.create',
  'alert_template.update',
  'alert_template.delete',
  'setting.update',
  'media.upload',
  'media.delete',
  'user.create',
  'user.update',
  'development.create',
  'kiosk-account.create',
  'kiosk-account.password',
  'tokens.revoke',
  'pack.export',
  'pack.import',
  'publish.schedule',
  'publish.schedule-cancel',
  'publish.reschedule',
  'publish.scheduled',
  'publish.schedule-held',
  'publish.schedule-already-live',
  'kiosk.profile.update',
  'kiosk.plan-marks.update',
  'kiosk.forget',
  'kiosk.purge',
  'notifications.settings.update',
  'notifications.test',
  'sso.settings.update',
  'sso.test',
  'sso.group-rights.update',
  'sso.login.refused',
  'sso.user.create',
  'sso.session.end',
  'publish.four-eyes',
  'publish.bypass',
  'publish.request',
  'publish.request-approve',
  'publish.request-refuse',
  'publish.request-withdraw',
];
