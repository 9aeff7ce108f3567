/**
 * A refused publish's (or rollback's) problems, item by item, each linking to its zone in the
 * content editor, so the fix is one click away. Nothing was published: the list says what to fix.
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
