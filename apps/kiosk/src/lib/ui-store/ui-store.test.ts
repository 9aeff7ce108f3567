import { beforeEach, describe, expect, it } from 'vitest';
import {
  HOME_CRUMB,
  IDLE_COUNTER_DEFAULT,
  INACTIVITY_SECONDS,
  initialUiState,
  isFirstLevel,
  isScreenIdle,
  isVisitorPage,
  useUiStore,
} from './ui-store';

const state = () => useUiStore.getState();

describe('UI store', () => {
  beforeEach(() => useUiStore.setState(initialUiState()));

  it('reads totem and parcours from the spec storage keys, ignoring unknown values', () => {
    localStorage.setItem('totem', 'Assemblage');
    localStorage.setItem('parcours', 'visiteur');
    expect(initialUiState()).toMatchObject({ totem: 'Assemblage', parcours: 'visiteur' });
    localStorage.setItem('totem', 'Peinture');
    localStorage.setItem('parcours', 'autre');
    expect(initialUiState()).toMatchObject({ totem: null, parcours: null });
  });

  it('Visiteur stores parcours; a totem clears parcours and stores the totem', () => {
    state().chooseMode('visiteur');
    expect(localStorage.getItem('parcours')).toBe('visiteur');
    expect(state().parcours).toBe('visiteur');

    state().chooseMode('Moulage');
    expect(localStorage.getItem('parcours')).toBeNull();
    expect(localStorage.getItem('totem')).toBe('Moulage');
    expect(state()).toMatchObject({ parcours: null, totem: 'Moulage' });
  });

  it('appends crumbs once per level and truncates back to a level', () => {
    state().pushCrumb({ label: 'HSE', path: '/accueil/hse' });
    state().pushCrumb({ label: 'HSE', path: '/accueil/hse' });
    state().pushCrumb({ label: 'EPI', path: '/accueil/hse/epi' });
    expect(state().crumbs.map((crumb) => crumb.label)).toEqual(['Accueil', 'HSE', 'EPI']);
    state().truncateCrumbs(0);
    expect(state().crumbs).toEqual([HOME_CRUMB]);
  });

  it('opens the idle reader when the idle counter reaches 0, and closing it restarts the count', () => {
    state().setIdleCounter(2);
    state().tickIdle();
    expect(state()).toMatchObject({ idleCounter: 1, idleReaderOpen: false });
    state().tickIdle();
    expect(state()).toMatchObject({ idleCounter: 0, idleReaderOpen: true });
    expect(isScreenIdle(state())).toBe(true);
    state().closeIdleReader();
    expect(state()).toMatchObject({ idleCounter: IDLE_COUNTER_DEFAULT, idleReaderOpen: false });
  });

  it('counts the inactivity down to 0 and back to 600 on reset', () => {
    useUiStore.setState({ inactivityRemaining: 1 });
    expect(state().tickInactivity()).toBe(0);
    expect(state().tickInactivity()).toBe(0);
    expect(isScreenIdle(state())).toBe(true);
    state().resetInactivity();
    expect(state().inactivityRemaining).toBe(INACTIVITY_SECONDS);
  });

  it('returning to the root resets crumbs and language and closes frame popups', () => {
    useUiStore.setState({
      language: 'en',
      crumbs: [HOME_CRUMB, { label: 'Visitors', path: '/accueil/visiteur' }],
    });
    const generation = state().resetGeneration;
    state().returnToRoot();
    expect(state()).toMatchObject({ language: 'fr', crumbs: [HOME_CRUMB] });
    expect(state().resetGeneration).toBe(generation + 1);
  });

  it('knows visitor pages and the first breadcrumb level', () => {
    expect(isVisitorPage('/accueil/visiteur/hse', null)).toBe(true);
    expect(isVisitorPage('/accueil', null)).toBe(false);
    expect(isVisitorPage('/accueil', 'visiteur')).toBe(true);
    expect(isFirstLevel('/', null)).toBe(true);
    expect(isFirstLevel('/accueil', null)).toBe(true);
    expect(isFirstLevel('/accueil/hse', null)).toBe(false);
    expect(isFirstLevel('/accueil/visiteur', null)).toBe(false);
    expect(isFirstLevel('/accueil/visiteur', 'visiteur')).toBe(true);
    expect(isFirstLevel('/accueil/visiteur/hse', 'visiteur')).toBe(false);
  });
});
