import { Button, Field, Heading, HStack, Input, InputGroup, Stack, Table, Text } from '@chakra-ui/react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { MunicipalityListItem } from '../../../domain/municipality.ts';
import { compareText, includesText } from '../../../domain/text.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useMunicipalityList } from '../data.ts';

const EMPTY_TEXT = 'Nenhum Municipio retornado';

function countLabel(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'município' : 'municípios');
  return shown === total ? `${total} ${noun(total)}` : `${shown} de ${total} ${noun(total)}`;
}

export function CityListScreen() {
  const list = useMunicipalityList();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const headingId = useId();

  const sorted = useMemo(() => (list.status === 'ready' ? [...list.items].sort((a, b) => compareText(a.nome, b.nome)) : []), [list]);
  const visible = useMemo(() => sorted.filter((m) => includesText(m.nome, deferredQuery)), [sorted, deferredQuery]);

  return (
    <Stack gap="5">
      <title>Municípios · Cidade Empreendedora</title>
      <Heading as="h1" size="2xl" id={headingId}>
        Municípios
      </Heading>

      <Field.Root maxW={{ md: 'sm' }}>
        <Field.Label>Buscar município</Field.Label>
        <InputGroup startElement={<SearchIcon color="fg.muted" />}>
          <Input type="search" name="busca" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
        </InputGroup>
      </Field.Root>

      {list.status === 'loading' && <LoadingState label="Carregando municípios…" />}

      {list.status === 'error' && (
        <HStack gap="4" wrap="wrap" py="4">
          <Text color="fg.muted">Não foi possível carregar os municípios.</Text>
          <Button variant="outline" size="sm" onClick={list.reload}>
            Tentar novamente
          </Button>
        </HStack>
      )}

      {list.status === 'ready' && (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {countLabel(visible.length, sorted.length)}
          </Text>
          {visible.length === 0 ? (
            <Text py="6" textAlign="center" color="fg.muted">
              {EMPTY_TEXT}
            </Text>
          ) : (
            <MunicipalityTable items={visible} labelledBy={headingId} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

const orDash = (value: string | null) => value ?? '—';

function MunicipalityTable({ items, labelledBy }: { items: MunicipalityListItem[]; labelledBy: string }) {
  return (
    // Focusable so keyboard users can scroll the columns that do not fit on a narrow screen.
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      <Table.Root size="sm" aria-labelledby={labelledBy} minW="2xl">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Município</Table.ColumnHeader>
            <Table.ColumnHeader>UF</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Status do contrato</Table.ColumnHeader>
            <Table.ColumnHeader>Projeto</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((m) => (
            <Table.Row key={m.municipioId}>
              <Table.Cell fontWeight="medium">{m.nome}</Table.Cell>
              <Table.Cell>{m.uf.toUpperCase()}</Table.Cell>
              <Table.Cell>{orDash(m.statusNome)}</Table.Cell>
              <Table.Cell>{orDash(m.statusContratoNome)}</Table.Cell>
              <Table.Cell>{orDash(m.projetoNome)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
