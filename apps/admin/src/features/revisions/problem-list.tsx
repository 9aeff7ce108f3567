/**
 * A refused publish's (or rollback's) problems, item by item, each linking to its zone in the
 * content editor, so the fix is one click away. Nothing was published: the list says what to fix.
 * Also the publish's warnings (visitor zones without an English version, zones with images without
 * a text alternative), which do not stop it: shown before publishing, each linking to its zone too.
 */
import type { PublishProblem, PublishRefusal } from '@plant-kiosk/contract';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api/client';

/** The problems of a refusal (409 whose `data` lists them), or null for any other failure. */
export function refusedProblems(failure: unknown): PublishProblem[] | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const data = failure.data as Partial<PublishRefusal> | null;
  return Array.isArray(data?.problems) ? data.problems : null;
}

function itemLabel(problem: PublishProblem): string {
  if (problem.subgroupid !== null) return `sous-groupe ${problem.subgroupid}`;
  if (problem.elementid !== null) return `élément ${problem.elementid}`;
  return 'zone';
}

export function ProblemList({ devid, problems }: { devid: number; problems: PublishProblem[] }) {
  return (
    <div className="problem-list" role="alert">
      <p>
        <strong>
          Rien n’a été publié :{' '}
          {problems.length === 1 ? '1 problème' : `${problems.length} problèmes`} à corriger
          d’abord.
        </strong>
      </p>
      <ul>
        {problems.map((problem, index) => (
          <li key={`${problem.code}-${index}`}>
            <span>{problem.message}</span>{' '}
            {problem.zoneid !== null && (
              <Link to={`/contenu/${devid}/zones/${problem.zoneid}`} className="problem-link">
                Corriger ({problem.zonename ?? `zone ${problem.zoneid}`}, {itemLabel(problem)})
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where a warning's link leads, and what it says: « Traduire (EPI) ». */
const FIX_WORDS: Partial<Record<PublishProblem['code'], string>> = {
  'missing-translation': 'Traduire',
  'missing-alt-text': 'Compléter',
};

/** What a group of warnings means for the totems, in one paragraph, by code. */
function WarningSummary({ code, count }: { code: PublishProblem['code']; count: number }) {
  const one = count === 1;
  switch (code) {
    case 'missing-translation':
      return (
        <p>
          <strong>
            {one
              ? '1 zone des pages visiteurs n’a pas de version anglaise'
              : `${count} zones des pages visiteurs n’ont pas de version anglaise`}
          </strong>
          {one
            ? ' : les visiteurs en anglais la verront en français, marquée « FR ».'
            : ' : les visiteurs en anglais les verront en français, marquées « FR ».'}{' '}
          La publication n’est pas bloquée.
        </p>
      );
    case 'missing-alt-text':
      return (
        <p>
          <strong>
            {one
              ? '1 zone a des images sans texte alternatif'
              : `${count} zones ont des images sans texte alternatif`}
          </strong>{' '}
          : la lecture à voix haute du totem n’en dira que le nom de la zone. La publication n’est
          pas bloquée.
        </p>
      );
    default:
      return (
        <p>
          <strong>{one ? '1 avertissement' : `${count} avertissements`}</strong> : la publication
          n’est pas bloquée.
        </p>
      );
  }
}

/**
 * The warnings of a publish about to happen, grouped by what they are about (missing English
 * versions, then images without a text alternative: the server's order), each group with its own
 * explanation and a link to each zone; nothing when there is none.
 */
export function WarningList({ devid, warnings }: { devid: number; warnings: PublishProblem[] }) {
  if (warnings.length === 0) return null;
  const groups = new Map<PublishProblem['code'], PublishProblem[]>();
  for (const warning of warnings) {
    groups.set(warning.code, [...(groups.get(warning.code) ?? []), warning]);
  }
  return (
    <div className="notice notice-warning warning-list">
      <div className="notice-body">
        {[...groups].map(([code, group]) => (
          <div key={code} className="warning-group">
            <WarningSummary code={code} count={group.length} />
            <ul>
              {group.map((warning) => (
                <li key={`${warning.code}-${warning.zoneid ?? warning.zonename}`}>
                  <span>{warning.message}</span>{' '}
                  {warning.zoneid !== null && (
                    <Link to={`/contenu/${devid}/zones/${warning.zoneid}`} className="problem-link">
                      {`${FIX_WORDS[code] ?? 'Corriger'} (${warning.zonename ?? `zone ${warning.zoneid}`})`}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
