import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { formatDateTime, todayInSaoPaulo } from '../../../domain/format.ts';
import { municipalityGroupsData } from '../../../entities/municipality-groups/data.ts';
import {
  meetingSearchSchema,
  meetingTypeName,
  MEETING_TYPES,
  type MeetingListItem,
  type MeetingSearchInput,
  type MeetingType,
} from '../../../domain/meetings.ts';
import type { FlagKey } from '../../../domain/permission-flags.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { Combo } from '../../../ui/combo.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CityCombo, GroupCombo } from '../../../ui/entity-combos.tsx';
import { LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { isFetching, meetings, usersData, useMunicipalityNames } from '../data.ts';

/** /encontros: everyone's meetings of the municipalities the user sees. */
export function MeetingSearchScreen() {
  return <Gate flag="menuEncontros" mine={false} />;
}

/** /meus-encontros: the meetings the signed-in user scheduled. */
export function MyMeetingsScreen() {
  return <Gate flag="menuMeusEncontros" mine />;
}

function Gate({ flag, mine }: { flag: FlagKey; mine: boolean }) {
  return (
    <AccessGate flag={flag}>
      <MeetingSearch mine={mine} />
    </AccessGate>
  );
}

type Filter = {
  municipioIds: number[];
  grupoId: number | null;
  usuarioIds: number[];
  encontroType: MeetingType | null;
  inicio: string;
  fim: string;
};

/** The current month and the next one, São Paulo days: what a consultant usually plans. */
function defaultPeriod(): { inicio: string; fim: string } {
  const today = todayInSaoPaulo();
  const [year, month] = today.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
  return { inicio: `${today.slice(0, 7)}-01`, fim: lastDay };
}

function MeetingSearch({ mine }: { mine: boolean }) {
  const session = useSession();
  const words = currentVocabulary();
  const headingId = useId();
  const resultsId = useId();
  const userId = session.user?.usuarioId ?? null;
  const [filter, setFilter] = useState<Filter>(() => ({
    municipioIds: [],
    grupoId: null,
    usuarioIds: [],
    encontroType: null,
    ...defaultPeriod(),
  }));
  // The first search runs at once with the default period.
  const [applied, setApplied] = useState<MeetingSearchInput>(() => ({
    municipioIds: [],
    grupoIds: [],
    usuarioIds: mine && userId !== null ? [userId] : [],
    encontroType: null,
    ...defaultPeriod(),
  }));
  const [errors, setErrors] = useState<Partial<Record<'inicio' | 'fim', string>>>({});
  const municipalities = useMunicipalityNames();
  const consultants = usersData.useConsultants(!mine);
  const oneCity = filter.municipioIds.length === 1 ? filter.municipioIds[0]! : null;
  const groups = municipalityGroupsData.useMunicipalityGroups(oneCity);
  const title = mine ? words.menu.meusEncontros : words.menu.encontros;
  const result = meetings.useSearch(applied, `Erro ao obter ${words.meeting.plural.toLowerCase()}`);
  const { reload } = result;

  function toInput(f: Filter): MeetingSearchInput {
    return {
      municipioIds: f.municipioIds,
      grupoIds: f.grupoId !== null && oneCity !== null ? [f.grupoId] : [],
      usuarioIds: mine && userId !== null ? [userId] : f.usuarioIds,
      encontroType: f.encontroType,
      inicio: f.inicio || null,
      fim: f.fim || null,
    };
  }

  function search(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    const input = toInput(filter);
    const parsed = meetingSearchSchema.safeParse(input);
    if (!parsed.success) {
      const byField = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      setErrors({ inicio: byField.inicio, fim: byField.fim });
      return;
    }
    setErrors({});
    // Searching again with the same filter asks the server again.
    setApplied(input);
    reload();
  }

  const cityOptions = useMemo(
    () => (municipalities.status === 'ready' ? municipalities.data.map((m) => ({ value: m.municipioId, label: m.nome })) : []),
    [municipalities],
  );
  const consultantOptions = useMemo(
    () => (consultants.status === 'ready' ? consultants.data.map((c) => ({ value: c.usuarioId, label: c.nome })) : []),
    [consultants],
  );
  const groupOptions = useMemo(
    () => (groups.status === 'ready' ? groups.data.map((g) => ({ value: g.grupoId, label: g.nome })) : []),
    [groups],
  );

  const columns = useMemo<Array<DataColumn<MeetingListItem>>>(
    () => [
      {
        key: 'municipioNome',
        header: words.municipality.singular,
        cell: (m) => <AppLink to={`/cidade/${m.municipioId}/evento`}>{m.municipioNome}</AppLink>,
        sortValue: (m) => m.municipioNome,
      },
      { key: 'grupoNome', header: 'Grupo', rowHeader: true, truncate: 30 },
      { key: 'inicio', header: 'Início', format: (v) => formatDateTime(String(v)), width: '10rem' },
      { key: 'fim', header: 'Fim', format: (v) => formatDateTime(String(v)), width: '10rem' },
      { key: 'encontroType', header: 'Tipo', value: (m) => meetingTypeName(m.encontroType) },
      { key: 'titulo', header: 'Título', truncate: 30 },
      { key: 'criadoPorNome', header: 'Consultor', truncate: 30 },
      { key: 'tarefas', header: words.task.plural, value: (m) => m.tarefas.length, align: 'end', width: '6rem' },
      { key: 'convidados', header: 'Convidados', value: (m) => m.convidados.length, align: 'end', width: '7rem' },
      { key: 'temRelatorio', header: 'Relatório', width: '6rem' },
    ],
    [words],
  );

  const set = <K extends keyof Filter>(key: K, value: Filter[K]) => setFilter((f) => ({ ...f, [key]: value }));

  return (
    <Stack gap="5">
      <PageTitle parts={[title]} />
      <Heading as="h1" size="2xl" id={headingId}>
        {title}
      </Heading>
      <form aria-labelledby={headingId} noValidate onSubmit={search}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <CityCombo<number>
              multiple
              label={words.municipality.plural}
              value={filter.municipioIds}
              onValueChange={(ids) => setFilter((f) => ({ ...f, municipioIds: ids, grupoId: null }))}
              options={cityOptions}
              loading={municipalities.status === 'loading'}
              emptyText={words.empty.municipalities}
            />
            <GroupCombo
              value={filter.grupoId}
              onValueChange={(id) => set('grupoId', id)}
              options={groupOptions}
              disabled={oneCity === null}
              loading={groups.status === 'loading' && oneCity !== null}
              helperText={oneCity === null ? `Escolha um ${words.municipality.singular.toLowerCase()} para filtrar por grupo.` : undefined}
            />
            {!mine && (
              <Combo
                multiple
                label="Consultor"
                value={filter.usuarioIds}
                onValueChange={(ids) => set('usuarioIds', ids)}
                options={consultantOptions}
                loading={consultants.status === 'loading'}
                emptyText="Nenhum Consultor retornado"
                maxChips={1}
              />
            )}
            <Combo
              label="Tipo"
              value={filter.encontroType}
              onValueChange={(v) => set('encontroType', v)}
              options={MEETING_TYPES.map((t) => ({ value: t.id, label: t.nome }))}
              emptyText="Nenhum Tipo retornado"
              keepOrder
            />
            <DateField label="De" value={filter.inicio} onValueChange={(v) => set('inicio', v)} error={errors.inicio} />
            <DateField label="Até" value={filter.fim} onValueChange={(v) => set('fim', v)} error={errors.fim} />
          </SimpleGrid>
          <HStack>
            <Button type="submit" loading={isFetching(result)} loadingText="Buscando…">
              Buscar
            </Button>
          </HStack>
        </Stack>
      </form>

      {result.status === 'error' ? (
        <LoadError
          message={`Não foi possível buscar ${words.meeting.gender === 'f' ? 'as' : 'os'} ${words.meeting.plural.toLowerCase()}.`}
          onRetry={result.reload}
        />
      ) : (
        <TableClip>
          <Text id={resultsId} srOnly>
            {`${words.meeting.plural} encontrados`}
          </Text>
          <DataTable
            rows={result.status === 'ready' ? result.data : (result.status === 'loading' && result.previous) || []}
            columns={columns}
            rowKey={(m) => m.encontroId}
            labelledBy={resultsId}
            caption={
              result.status === 'ready'
                ? `${result.data.length} ${result.data.length === 1 ? words.meeting.singular.toLowerCase() : words.meeting.plural.toLowerCase()}`
                : undefined
            }
            loading={result.status === 'loading'}
            loadingText={`Buscando ${words.meeting.plural.toLowerCase()}…`}
            emptyText={words.empty.meetings}
            defaultSort={{ key: 'inicio', direction: 'asc' }}
            maxHeight="70vh"
            minWidth="64rem"
          />
        </TableClip>
      )}
    </Stack>
  );
}
