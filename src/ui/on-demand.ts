import { useEffect, useState } from 'react';
import { whenSettled } from '../lib/settled.ts';

/**
 * A module downloaded when first asked for (issue 32: a closed calendar or menu should not cost the
 * page that shows its button): one download for every caller; a failed one (offline, a new
 * version's file gone) is asked for again by the next caller.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    if (!loaded) {
      const attempt = load();
      loaded = attempt;
      attempt.catch(() => {
        if (loaded === attempt) loaded = null;
      });
    }
    return loaded;
  };
}

/**
 * A function that, on its first call, fetches `load`'s module once the page has settled (a later
 * press then finds it there, offline too); later calls do nothing. For a component's mount effect.
 */
export function warmWhenSettled(load: () => Promise<unknown>): () => void {
  let warmed = false;
  return () => {
    if (warmed) return;
    warmed = true;
    whenSettled(() => void load().catch(() => undefined));
  };
}

export type OnDemand<T> = {
  /** The module once this component asked for it and it arrived; null before. */
  module: T | null;
  /** Asked for and still downloading: the button shows it. */
  loading: boolean;
  /** The last request failed: the component says so and may ask again. */
  failed: boolean;
  /** Asks for the module for this component (a press on its button). */
  request: () => void;
  /** Starts the download without asking for it (hover, focus), so a press finds it there. */
  warm: () => void;
};

/**
 * The state of a component that swaps a plain button for the real widget on its first press: the
 * widget's module (from onDemand) is this component's once requested, and stays.
 */
export function useOnDemand<T>(load: () => Promise<T>): OnDemand<T> {
  const [module, setModule] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  return {
    module,
    loading,
    failed,
    request: () => {
      setLoading(true);
      setFailed(false);
      load().then(
        (arrived) => {
          setModule(() => arrived);
          setLoading(false);
        },
        () => {
          setLoading(false);
          setFailed(true);
        },
      );
    },
    warm: () => void load().catch(() => undefined),
  };
}

/**
 * A module a component asks for when it first needs it (`wanted`: a list long enough to window, a
 * tab opened), and, with `warm`, once the page has settled so that a later need (offline too)
 * finds it there. Once arrived it serves every component from their first render. A failed
 * download leaves `failed` set: the component says so and offers `request` to ask again.
 */
export function moduleLater<T>(load: () => Promise<T>, { warm = true }: { warm?: boolean } = {}) {
  let arrived: T | null = null;
  const loadOnce = onDemand(async () => {
    const module = await load();
    arrived = module;
    return module;
  });
  const warmOnce = warm ? warmWhenSettled(loadOnce) : () => undefined;
  return function useModuleLater(wanted: boolean): OnDemand<T> {
    const later = useOnDemand(loadOnce);
    const module = later.module ?? arrived;
    const { loading, failed, request } = later;
    useEffect(warmOnce, []);
    useEffect(() => {
      if (wanted && !module && !loading && !failed) request();
    }, [wanted, module, loading, failed, request]);
    return { ...later, module };
  };
}
