import { Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MunicipalityListItem } from '../../../domain/municipality.ts';
import { includesText } from '../../../domain/text.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';

const words = currentVocabulary();

function countLabel(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? words.municipality.singular : words.municipality.plural).toLowerCase();
  return shown === total ? `${total} ${noun(total)}` : `${shown} de ${total} ${noun(total)}`;
}

/** The city list's table, from the API or from the device: the search text filters it, accent-insensitively. */
export function CityTable({ rows, query, labelledBy }: { rows: MunicipalityListItem[]; query: string; labelledBy: string }) {
  const visible = useMemo(() => rows.filter((m) => includesText(m.nome, query)), [rows, query]);
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm" aria-live="polite">
        {countLabel(visible.length, rows.length)}
      </Text>
      <DataTable
        rows={visible}
        columns={COLUMNS}
        rowKey={(m) => m.municipioId}
        labelledBy={labelledBy}
        emptyText={words.empty.municipalities}
        defaultSort={{ key: 'nome', direction: 'asc' }}
      />
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
  { key: 'projetoNome', header: words.project.singular },
];
