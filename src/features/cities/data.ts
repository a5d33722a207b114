import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { api, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import { municipalityListItemSchema, type MunicipalityListItem } from '../../domain/municipality.ts';
import { notifyError } from '../../ui/notify.ts';

export type MunicipalityListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: MunicipalityListItem[] };

const municipalityListSchema = z.array(municipalityListItemSchema);

/** The municipalities the signed-in user may see (GET api/municipio); `reload` asks again. */
export function useMunicipalityList(): MunicipalityListState & { reload: () => void } {
  const [state, setState] = useState<MunicipalityListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('municipio', { signal: controller.signal })
      .json()
      .then((body) => setState({ status: 'ready', items: municipalityListSchema.parse(body) }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ status: 'error' });
        if (!isSessionExpiredError(error)) notifyError('Erro ao obter municipios');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}
