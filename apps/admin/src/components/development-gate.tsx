/**
 * Screens that work on one development (content, media, fleet) sit under `/<screen>/:devid`. This
 * gate picks one when the path has none (the last one used, else the first) and offers a switcher.
 */
import type { AdminDevelopment } from '@plant-kiosk/contract';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { lastDevid, rememberDevid } from '../lib/current-development';
import { useDevelopments } from '../lib/use-developments';
import { Notice } from './notice';
import { LoadError, Loading } from './page';

export function DevelopmentGate({
  base,
  children,
}: {
  /** Path of the screen, e.g. "/contenu". */
  base: string;
  children: (development: AdminDevelopment, switcher: ReactNode) => ReactNode;
}) {
  const { devid } = useParams();
  const developments = useDevelopments();
  const navigate = useNavigate();
  const list = developments.data ?? [];
  const current = list.find((development) => String(development.devid) === devid);
  const currentId = current?.devid;
  useEffect(() => {
    if (currentId !== undefined) rememberDevid(currentId);
  }, [currentId]);

  if (developments.loading && !developments.data) return <Loading />;
  if (developments.error) {
    return <LoadError message={developments.error} onRetry={developments.reload} />;
  }
  if (list.length === 0) {
    return (
      <Notice tone="info">
        Aucun développement ne vous est attribué. Demandez à un administrateur de vous en attribuer
        un.
      </Notice>
    );
  }
  if (!current) {
    const remembered = list.find((development) => development.devid === lastDevid());
    return <Navigate to={`${base}/${(remembered ?? list[0]!).devid}`} replace />;
  }

  const switcher =
    list.length > 1 ? (
      <label className="dev-switcher">
        <span>Développement</span>
        <select
          value={current.devid}
          onChange={(event) => navigate(`${base}/${event.target.value}`)}
        >
          {list.map((development) => (
            <option key={development.devid} value={development.devid}>
              {development.devname}
            </option>
          ))}
        </select>
      </label>
    ) : (
      <span className="dev-name">
        Développement <strong>{current.devname}</strong>
      </span>
    );
  return <>{children(current, switcher)}</>;
}
