/**
 * The breadcrumb under the banner (docs/product.md#screens): route buttons append to it, the logo and home pages
 * reset it. A tap on an earlier entry goes back to that level and drops the levels after it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUiStore } from '../../lib/ui-store/ui-store';

export function Breadcrumb() {
  const { t } = useTranslation();
  const crumbs = useUiStore((state) => state.crumbs);
  const truncateCrumbs = useUiStore((state) => state.truncateCrumbs);

  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol className="breadcrumb__list">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.path}`} className="breadcrumb__item">
              {last ? (
                <span className="breadcrumb__current" aria-current="page">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.path}
                  className="breadcrumb__link"
                  onClick={() => truncateCrumbs(index)}
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
