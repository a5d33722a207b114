import { useEffect, useRef } from 'react';
import { useMunicipalityRows } from '../../entities/municipality/lists.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { useOnline } from '../../lib/online.ts';
import { notifyError } from '../../lib/notify.ts';

// Apart from data.ts, which reads the offline store: the city list is the first screen after
// login, and it loads neither Dexie nor classic zod (see domain/municipality.ts).

/**
 * The municipalities the signed-in user may see (GET api/municipio); `reload` asks again, and so
 * does coming back online after a failure. When the server was not reached the screen shows the
 * device's copy instead (DeviceCityList), so only an answered failure is notified.
 */
export function useMunicipalityList() {
  const list = useMunicipalityRows();
  const failed = list.status === 'error' ? list.error : null;
  const sessionEnded = list.status === 'error' && list.sessionEnded;
  useEffect(() => {
    if (failed && httpStatusOf(failed) !== null && !sessionEnded) notifyError('Erro ao obter municípios');
  }, [failed, sessionEnded]);

  const online = useOnline();
  const wasOnline = useRef(online);
  const { reload } = list;
  useEffect(() => {
    if (online && !wasOnline.current && failed) reload();
    wasOnline.current = online;
  }, [online, failed, reload]);
  return list;
}
