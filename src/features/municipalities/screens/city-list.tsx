import { Field, Heading, Input, InputGroup, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { httpStatusOf } from '../../../lib/api-errors.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { CityTable } from '../components/city-table.tsx';
import { useMunicipalityList } from '../list-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';

const words = currentVocabulary();

// Only when the server cannot be reached: it brings the offline store with it.
const DeviceCityList = lazy(async () => ({ default: (await import('../components/device-city-list.tsx')).DeviceCityList }));

export function CityListScreen() {
  const list = useMunicipalityList();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const headingId = useId();
  const loading = <LoadingState label={`Carregando ${words.municipality.plural.toLowerCase()}…`} />;

  return (
    <Stack gap="5">
      <PageTitle parts={[words.municipality.plural]} />
      <Heading as="h1" size="2xl" id={headingId}>
        {words.municipality.plural}
      </Heading>

      <Field.Root maxW={{ md: 'sm' }}>
        <Field.Label>Buscar {words.municipality.singular.toLowerCase()}</Field.Label>
        <InputGroup startElement={<SearchIcon color="fg.muted" />}>
          <Input type="search" name="busca" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
        </InputGroup>
      </Field.Root>

      {list.status === 'loading' && loading}

      {list.status === 'error' &&
        (httpStatusOf(list.error) === null ? (
          <Suspense fallback={loading}>
            <DeviceCityList query={deferredQuery} labelledBy={headingId} onRetry={list.reload} />
          </Suspense>
        ) : (
          <LoadError message="Não foi possível carregar a lista." onRetry={list.reload} />
        ))}

      {list.status === 'ready' && <CityTable rows={list.data} query={deferredQuery} labelledBy={headingId} />}
    </Stack>
  );
}
