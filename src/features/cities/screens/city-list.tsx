import { Field, Heading, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { MunicipalityListItem } from '../../../domain/municipality.ts';
import { includesText } from '../../../domain/text.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useMunicipalityList } from '../list-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';

const words = currentVocabulary();

function countLabel(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? words.municipality.singular : words.municipality.plural).toLowerCase();
  return shown === total ? `${total} ${noun(total)}` : `${shown} de ${total} ${noun(total)}`;
}

export function CityListScreen() {
  const list = useMunicipalityList();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const headingId = useId();

  const all = useMemo(() => (list.status === 'ready' ? list.data : []), [list]);
  const visible = useMemo(() => all.filter((m) => includesText(m.nome, deferredQuery)), [all, deferredQuery]);

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

      {list.status === 'loading' && <LoadingState label={`Carregando ${words.municipality.plural.toLowerCase()}…`} />}

      {list.status === 'error' && <LoadError message="Não foi possível carregar a lista." onRetry={list.reload} />}

      {list.status === 'ready' && (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {countLabel(visible.length, all.length)}
          </Text>
          <DataTable
            rows={visible}
            columns={COLUMNS}
            rowKey={(m) => m.municipioId}
            labelledBy={headingId}
            emptyText={words.empty.municipalities}
            defaultSort={{ key: 'nome', direction: 'asc' }}
          />
        </Stack>
      )}
    </Stack>
  );
}

const COLUMNS: Array<DataColumn<MunicipalityListItem>> = [
  {
    key: 'nome',
    header: words.municipality.singular,
    rowHeader: true,
    cell: (m) => (
      <Link asChild color="colorPalette.fg" fontWeight="medium">
        <RouterLink to={`/cidade/${m.municipioId}`}>{m.nome}</RouterLink>
      </Link>
    ),
  },
  { key: 'uf', header: 'UF', value: (m) => m.uf.toUpperCase(), width: '5rem' },
  { key: 'statusNome', header: 'Status' },
  { key: 'statusContratoNome', header: 'Status do contrato' },
  { key: 'projetoNome', header: 'Projeto' },
];
