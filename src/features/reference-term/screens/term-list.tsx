import { Heading, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import type { TermListRow } from '../../../domain/reference-term.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { referenceTerms } from '../data.ts';
import { referenceTermHref } from '../paths.ts';

/** /termo-referencia: every municipality's term the user sees, in numbers, each linking to its tab. */
export function ReferenceTermListScreen() {
  const list = referenceTerms.useList();
  const headingId = useId();
  const title = currentVocabulary().cityTabs.termoReferencia;
  const columns = useMemo<Array<DataColumn<TermListRow>>>(
    () => [
      {
        key: 'municipio',
        header: currentVocabulary().municipality.singular,
        rowHeader: true,
        cell: (r) => <AppLink to={referenceTermHref.term(r.municipioId)}>{r.municipio}</AppLink>,
      },
      { key: 'uf', header: 'UF', width: '4rem' },
      { key: 'fases', header: 'Fases', width: '6rem', align: 'end' },
      { key: 'atividades', header: 'Atividades', width: '7rem', align: 'end' },
      { key: 'interrompidas', header: 'Interrompidas', width: '8rem', align: 'end', cardPriority: 1 },
      { key: 'atualizadoEm', header: 'Atualizado em', width: '11rem', format: (v) => formatDateTime(String(v)) },
    ],
    [],
  );
  return (
    <Stack gap="4">
      <PageTitle parts={[title]} />
      <Heading as="h1" size="xl" id={headingId}>
        {title}
      </Heading>
      {list.status === 'error' ? (
        <LoadError message="Não foi possível carregar os termos de referência." onRetry={list.reload} />
      ) : (
        <TableClip>
          <DataTable
            labelledBy={headingId}
            rows={list.status === 'ready' ? list.data : []}
            loading={list.status !== 'ready'}
            columns={columns}
            rowKey={(r) => r.municipioId}
            emptyText="Nenhum termo de referência retornado"
            defaultSort={{ key: 'municipio', direction: 'asc' }}
          />
        </TableClip>
      )}
    </Stack>
  );
}
