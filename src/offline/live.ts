import { useEffect, useMemo, useState, type DependencyList } from 'react';
import { getLiveQuery, type LiveObservable } from './live-source.ts';

/**
 * dexie-react-hooks' useLiveQuery without its static import of Dexie (issue 32: that import
 * brought Dexie onto every screen that reads the device). Same contract: the querier runs again
 * whenever a table it read changes, in this tab or another; until its first answer the hook returns
 * `defaultResult`; when `deps` change, the previous answer is shown until the new one arrives.
 *
 * Every querier reads through a store it takes from its deps (`db ? … : fallback`), and a store
 * exists only once db.ts has loaded and registered Dexie's liveQuery (live-source.ts): before that the
 * querier touches no table and runs once.
 */
export function useLive<T>(querier: () => T | Promise<T>, deps: DependencyList): T | undefined;
export function useLive<T, D>(querier: () => T | Promise<T>, deps: DependencyList, defaultResult: D): T | D;
export function useLive<T, D>(querier: () => T | Promise<T>, deps: DependencyList, defaultResult?: D): T | D | undefined {
  // A new subscription when the deps change, as the library does: the caller's deps are the querier's.
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
  const observable = useMemo(() => observe(querier), deps);
  const [state, setState] = useState<{ answered: boolean; result: T | D | undefined; error: unknown }>({
    answered: false,
    result: defaultResult,
    error: null,
  });
  useEffect(() => {
    const subscription = observable.subscribe(
      (value) =>
        setState((current) =>
          current.answered && current.error === null && current.result === value ? current : { answered: true, result: value, error: null },
        ),
      (error) => setState((current) => (current.error === error ? current : { ...current, error })),
    );
    return () => subscription.unsubscribe();
  }, [observable]);
  // An error reaches the screen's error boundary, as with the library.
  if (state.error) throw state.error;
  // A query another screen keeps live already has its answer: shown at once, not after a render.
  if (!state.answered && observable.hasValue?.()) return observable.getValue?.();
  return state.result;
}

function observe<T>(querier: () => T | Promise<T>): LiveObservable<T> {
  const liveQuery = getLiveQuery();
  if (liveQuery) return liveQuery(querier);
  return {
    subscribe(onNext: (value: T) => void, onError: (error: unknown) => void) {
      let open = true;
      Promise.resolve()
        .then(querier)
        .then(
          (value) => open && onNext(value),
          (error: unknown) => open && onError(error),
        );
      return {
        unsubscribe: () => {
          open = false;
        },
      };
    },
  };
}
