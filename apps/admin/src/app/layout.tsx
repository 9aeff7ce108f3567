/**
 * Frame of every screen once logged in: a skip link, the navigation, who is logged in. Without a
 * session it shows the login page in place of any screen, so the address survives the login.
 * On a phone the navigation and who is logged in fold under a "Menu" button (global.css hides the
 * button on a desk), so the red button and the page start on the first screen.
 */
import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ShellAlertBanner, ShellAlertButton } from '../features/alerts/alert-shell';
import { UnpublishedIndicator } from '../features/revisions/unpublished-indicator';
import { useSession } from '../lib/session/session-context';
import { SessionGate } from './session-gate';

const LINKS = [
  { to: '/contenu', label: 'Contenu', adminOnly: false },
  { to: '/medias', label: 'Médiathèque', adminOnly: false },
  { to: '/reglages', label: 'Réglages', adminOnly: false },
  { to: '/modeles-alerte', label: 'Modèles d’alerte', adminOnly: false },
  { to: '/historique', label: 'Historique', adminOnly: false },
  // What will go live (issue 45), next to what went live: the scheduled publications, then the
  // week ahead (scheduled publications, sub-groups arriving or leaving, « nouveau » badges ending).
  { to: '/programmees', label: 'Programmées', adminOnly: false },
  // What waits for a second person's approval (four-eyes publishing, issue 51 part 2).
  { to: '/demandes', label: 'Demandes', adminOnly: false },
  { to: '/semaine', label: 'Semaine à venir', adminOnly: false },
  { to: '/parc', label: 'Parc de totems', adminOnly: false },
  { to: '/sante', label: 'Santé des totems', adminOnly: false },
  // What people read on the totems (issue 49).
  { to: '/frequentation', label: 'Fréquentation', adminOnly: false },
  { to: '/journal', label: 'Journal', adminOnly: false },
  { to: '/developpements', label: 'Développements', adminOnly: true },
  { to: '/utilisateurs', label: 'Utilisateurs', adminOnly: true },
  // Where the health messages go (issue 48, decision 042): the server's, admins only.
  { to: '/notifications', label: 'Notifications', adminOnly: true },
  // How the group's accounts sign in (issue 51, decision 046): the server's, admins only.
  { to: '/connexion-sso', label: 'Connexion SSO', adminOnly: true },
];

export function Layout() {
  return (
    <SessionGate waiting="Ouverture du back-office…">
      <Shell />
    </SessionGate>
  );
}

/** The frame itself, under the gate: a session is there. */
function Shell() {
  const { state, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // A screen chosen from the menu closes it.
  useEffect(() => setMenuOpen(false), [pathname]);
  if (state.status !== 'authenticated') return null;
  const { user } = state;

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // The hash is the router's: move the focus without touching it.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Aller au contenu
      </a>
      <header className={`topbar${menuOpen ? ' topbar-open' : ''}`}>
        <span className="brand">Totems · Back-office</span>
        <button
          type="button"
          className="button button-on-dark nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id={menuId} aria-label="Navigation principale">
          <ul>
            {LINKS.filter((link) => !link.adminOnly || user.role === 'admin').map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ShellAlertButton />
        <div className="user">
          <span>
            {user.username}{' '}
            <span className="role">{user.role === 'admin' ? 'administrateur' : 'éditeur'}</span>
          </span>
          <button
            type="button"
            className="button button-small button-on-dark"
            onClick={() => void logout()}
          >
            Se déconnecter
          </button>
        </div>
      </header>
      <ShellAlertBanner />
      <UnpublishedIndicator />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
