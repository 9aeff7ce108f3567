/**
 * The one-line French summary of what a revision (or the draft) changes, for the history and the
 * "Modifications non publiées" list: "2 éléments modifiés, 1 zone ajoutée". The people who read it
 * keep the plant's content, so it names things as the back-office does.
 */
import type { RevisionCounts } from '@plant-kiosk/contract';

type Kind = keyof RevisionCounts;
type What = 'added' | 'changed' | 'removed';

const NOUNS: Record<Kind, { one: string; many: string; feminine: boolean }> = {
  zone: { one: 'zone', many: 'zones', feminine: true },
  element: { one: 'élément', many: 'éléments', feminine: false },
  subgroup: { one: 'sous-groupe', many: 'sous-groupes', feminine: false },
  subelement: { one: 'sous-élément', many: 'sous-éléments', feminine: false },
  alert_template: { one: 'modèle d’alerte', many: 'modèles d’alerte', feminine: false },
  // Published settings: one item per development, named in the plural as the page is ("Réglages").
  setting: { one: 'réglages', many: 'réglages', feminine: false },
};
const VERBS: Record<What, string> = { added: 'ajouté', changed: 'modifié', removed: 'supprimé' };
const KINDS: Kind[] = ['zone', 'element', 'subgroup', 'subelement', 'alert_template', 'setting'];
const WHATS: What[] = ['changed', 'added', 'removed'];

export function summarizeCounts(counts: RevisionCounts, nothing = 'Aucune modification'): string {
  const parts: string[] = [];
  for (const kind of KINDS) {
    for (const what of WHATS) {
      const count = counts[kind]?.[what] ?? 0;
      if (count === 0) continue;
      const noun = NOUNS[kind];
      // The settings always exist (the defaults without a row): a first save changes them, and
      // a rollback to before any save puts the defaults back. Named as their page, "Réglages".
      if (kind === 'setting') {
        parts.push(what === 'removed' ? 'Réglages remis par défaut' : 'Réglages modifiés');
        continue;
      }
      const ending = `${noun.feminine ? 'e' : ''}${count > 1 ? 's' : ''}`;
      parts.push(`${count} ${count > 1 ? noun.many : noun.one} ${VERBS[what]}${ending}`);
    }
  }
  return parts.length ? parts.join(', ') : nothing;
}
