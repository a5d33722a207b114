import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TRUNCATE } from '../../../domain/text.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';
import {
  canAnalyseReports,
  canSeeRejectionReason,
  REPORT_STATUS,
  reportStatusName,
  type ReportFilterInput,
} from '../../../domain/report-common.ts';
import { type ReportRichListItem } from '../../../domain/field-reports.ts';
import { Combo } from '../../../ui/combo.tsx';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { CityCombo, StatusCombo } from '../../../ui/entity-combos.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { isIsoDate } from '../../../ui/date-logic.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { hasFlag } from '../../../domain/permissions.ts';
import { formatDay } from '../components/report-status.tsx';
import { fieldReports, usersData, useMunicipalityNames } from '../data.ts';
import { ReportTable } from '../components/report-table.tsx';
import { reportHref } from '../paths.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { reportRowTone } from '../../../ui/report-status.tsx';

type StatusChoice = 'aguardando' | 'rejeitado' | 'aprovado';

const STATUS_OPTIONS: ReadonlyArray<{ value: StatusChoice; label: string }> = [
  { value: 'aguardando', label: 'Aguardando análise' },
  { value: 'rejeitado', label: 'Rejeitado' },
  { value: 'aprovado', label: 'Aprovado' },
];

/** Spec §4: 0 and 1 are legacy rejected statuses, searched with 3. */
const STATUS_IDS: Record<StatusChoice, number[]> = {
  aguardando: [REPORT_STATUS.enviado],
  rejeitado: [REPORT_STATUS.rejeitadoLegado0, REPORT_STATUS.rejeitadoLegado1, REPORT_STATUS.rejeitado],
  aprovado: [REPORT_STATUS.aprovado],
};

type FilterForm = { municipios: number[]; consultores: number[]; status: StatusChoice[]; inicio: string; fim: string };

type Mode = 'analyse' | 'mine';

/** /analisar-relatorios: reports across the municipalities the user sees, by municipality, consultant, status and period. */
export function AnalyseReportsScreen() {
  const ctx = usePermissionContext();
  if (!ctx || !(canAnalyseReports(ctx) || hasFlag(ctx, 'menuAnalisarRelatorios'))) return <NoPermission />;
  return <ReportSearch ctx={ctx} mode="analyse" />;
}

/** /meus-relatorios: the signed-in user's own reports across municipalities. */
export function MyReportsScreen() {
  const ctx = usePermissionContext();
  if (!ctx) return null;
  return <ReportSearch ctx={ctx} mode="mine" />;
}

function toFilter(form: FilterForm, mode: Mode, usuarioId: number): ReportFilterInput | string {
  // The date fields hand back "YYYY-MM-DD", or their text while it is not a whole date.
  const inicio = isIsoDate(form.inicio) ? form.inicio : null;
  const fim = isIsoDate(form.fim) ? form.fim : null;
  if (form.inicio && !inicio) return 'Data inicial inválida';
  if (form.fim && !fim) return 'Data final inválida';
  if (inicio && fim && fim < inicio) return 'A data final não pode ser anterior à inicial';
  return {
    municipioIds: form.municipios,
    usuarioIds: mode === 'mine' ? [usuarioId] : form.consultores,
    statusRelatorioIds: form.status.flatMap((s) => STATUS_IDS[s]),
    inicio,
    fim,
  };
}

function ReportSearch({ ctx, mode }: { ctx: PermissionContext; mode: Mode }) {
  const headingId = useId();
  const title = mode === 'analyse' ? 'Analisar Relatórios' : 'Meus Relatórios';
  // Analysts open on what waits for them; "my reports" opens on everything.
  const initial: FilterForm = { municipios: [], consultores: [], status: mode === 'analyse' ? ['aguardando'] : [], inicio: '', fim: '' };
  const [form, setForm] = useState<FilterForm>(initial);
  const [filter, setFilter] = useState<ReportFilterInput | null>(() => toFilter(initial, mode, ctx.usuario.usuarioId) as ReportFilterInput);
  const [filterError, setFilterError] = useState<string | null>(null);
  const search = fieldReports.useSearch(filter);
  const names = useMunicipalityNames();
  const consultants = usersData.useConsultants();

  const cityOptions = useMemo(
    () => (names.status === 'ready' ? names.data.map((m) => ({ value: m.municipioId, label: m.nome })) : []),
    [names],
  );
  const consultantOptions = useMemo(
    () => (consultants.status === 'ready' ? consultants.data.map((u) => ({ value: u.usuarioId, label: u.nome })) : []),
    [consultants],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = toFilter(form, mode, ctx.usuario.usuarioId);
    if (typeof next === 'string') {
      setFilterError(next);
      return;
    }
    setFilterError(null);
    setFilter(next);
    // Same values as the last search: "Pesquisar" still asks again.
    search.reload();
  }

  const columns = useMemo<Array<DataColumn<ReportRichListItem>>>(
    () => [
      { key: 'relatorioId', header: 'Id', width: '6rem' },
      {
        key: 'titulo',
        header: 'Título',
        rowHeader: true,
        truncate: 60,
        cell: (r) => <RouterLink to={reportHref.detail(r.municipioId, r.relatorioId)}>{r.titulo || 'Sem título'}</RouterLink>,
      },
      { key: 'municipio', header: 'Município', value: (r) => r.municipio.nome, truncate: 30 },
      { key: 'usuario', header: 'Criado por', value: (r) => r.usuario.nome, truncate: 30 },
      { key: 'criacao', header: 'Criado em', width: '8rem', value: (r) => r.criacao, format: (v) => formatDay(String(v)) },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '11rem',
        value: (r) => reportStatusName(r.statusRelatorioId),
      },
      { key: 'horas', header: 'Horas', width: '6rem', align: 'end', value: (r) => Number(r.horasUtilizadasString ?? 0) },
      {
        key: 'motivoRejeicao',
        header: 'Motivo da rejeição',
        truncate: TRUNCATE.rejectionReason,
        value: (r) => (canSeeRejectionReason(ctx, r) ? r.motivoRejeicao : null),
      },
      { key: 'quantidadeArquivos', header: 'Anexos', width: '6rem', align: 'end' },
    ],
    [ctx],
  );

  const rows = search.status === 'ready' ? search.data : [];
  return (
    <Stack gap="5">
      <PageTitle parts={[title]} />
      <Heading as="h1" size="2xl" id={headingId}>
        {title}
      </Heading>
      <form noValidate onSubmit={submit} aria-label="Filtros">
        <SimpleGrid columns={{ base: 1, md: 2, lg: mode === 'analyse' ? 5 : 4 }} gap="4" alignItems="end">
          <CityCombo<number>
            multiple
            options={cityOptions}
            value={form.municipios}
            loading={names.status === 'loading'}
            onValueChange={(municipios) => setForm((f) => ({ ...f, municipios }))}
          />
          {mode === 'analyse' && (
            <Combo<number>
              multiple
              label="Consultor"
              emptyText="Nenhum Consultor retornado"
              maxChips={1}
              options={consultantOptions}
              value={form.consultores}
              loading={consultants.status === 'loading'}
              onValueChange={(consultores) => setForm((f) => ({ ...f, consultores }))}
            />
          )}
          <StatusCombo<StatusChoice>
            multiple
            keepOrder
            options={STATUS_OPTIONS}
            value={form.status}
            onValueChange={(status) => setForm((f) => ({ ...f, status }))}
          />
          <DateField label="De" value={form.inicio} onValueChange={(inicio) => setForm((f) => ({ ...f, inicio }))} />
          <DateField label="Até" value={form.fim} onValueChange={(fim) => setForm((f) => ({ ...f, fim }))} />
        </SimpleGrid>
        <HStack mt="4" gap="3" wrap="wrap">
          <Button type="submit" loading={search.status === 'loading'} loadingText="Pesquisando…">
            Pesquisar
          </Button>
          {filterError && (
            <Text role="alert" color="fg.error" textStyle="sm">
              {filterError}
            </Text>
          )}
          {search.status === 'ready' && (
            <Text textStyle="sm" color="fg.muted" role="status">
              {rows.length === 1 ? '1 relatório' : `${rows.length.toLocaleString('pt-BR')} relatórios`}
            </Text>
          )}
        </HStack>
      </form>
      <ReportTable
        rows={rows}
        columns={columns}
        headingId={headingId}
        status={search.status}
        onRetry={search.reload}
        rowTone={(r) => reportRowTone(r.statusRelatorioId)}
        minWidth="64rem"
      />
    </Stack>
  );
}
