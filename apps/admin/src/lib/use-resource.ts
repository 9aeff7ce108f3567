/**
 * Loads one thing from the API for a screen, with the loading / error / data states every screen
 * shows, a `reload`, and `setData` for applying a server answer without refetching.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api/client';

export interface Resource<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
  setData(update: T | ((current: T | undefined) => T)): void;
}

export function useResource<T>(load: (() => Promise<T>) | null, key: string): Resource<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(load !== null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const current = loadRef.current;
    if (!current) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    current()
      .then((value) => {
        if (live) setDataState(value);
      })
      .catch((failure: unknown) => {
        if (live) setError(errorMessage(failure));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  const setData = useCallback(
    (update: T | ((current: T | undefined) => T)) =>
      setDataState((current) =>
        typeof update === 'function' ? (update as (current: T | undefined) => T)(current) : update,
      ),
    [],
  );
  return { data, error, loading, reload, setData };
}
