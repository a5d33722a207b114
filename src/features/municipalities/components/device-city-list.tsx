import { Button, Stack } from '@chakra-ui/react';
import { municipalityData } from '../../../entities/municipality/data.ts';
import { useOnline } from '../../../lib/online.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { CityTable } from './city-table.tsx';

const words = currentVocabulary();

/**
 * The city list when the server cannot be reached (in the field, with no network): the
 * municipalities this device holds, those made available offline or opened before. It loads
 * apart from the list, with the offline store, so the online first screen does not carry Dexie.
 */
export function DeviceCityList({ query, labelledBy, onRetry }: { query: string; labelledBy: string; onRetry: () => void }) {
  const { unavailable, rows, syncedAt } = municipalityData.useDeviceMunicipalities();
  // Offline, the list asks again by itself when the network returns (useMunicipalityList).
  const online = useOnline();

  if (unavailable) return <LoadError message="Não foi possível carregar a lista." onRetry={onRetry} />;
  if (rows === undefined) return <LoadingState label={`Carregando ${words.municipality.plural.toLowerCase()}…`} />;
  if (rows.length === 0) {
    const message = online
      ? 'Não foi possível carregar a lista.'
      : 'Sem conexão, e este aparelho ainda não guardou nenhum dado para mostrar.';
    return <LoadError message={message} onRetry={onRetry} />;
  }
  return (
    <Stack gap="3">
      <OfflineNotice syncedAt={syncedAt} refreshFailed />
      {online && (
        <Button alignSelf="start" variant="outline" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
      <CityTable rows={rows} query={query} labelledBy={labelledBy} />
    </Stack>
  );
}
