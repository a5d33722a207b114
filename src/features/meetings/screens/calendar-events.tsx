import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useState, type SubmitEvent } from 'react';
import { formatDate, formatDateTime } from '../../../domain/format.ts';
import { calendarEventFilterSchema, type CalendarEvent, type CalendarEventFilter } from '../../../domain/meetings.ts';
import { isAdmin } from '../../../domain/permissions.ts';
import { useSession } from '../../../session/store.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { EventDialog } from '../components/event-dialog.tsx';
import { meetings } from '../data.ts';

const TITLE = 'Eventos';

/** /eventos (spec §2 and §6: admin only): the programme calendar's events. The API refuses everyone else too. */
export function CalendarEventsScreen() {
  const session = useSession();
  if (!session.user || !isAdmin(session.user)) return <NoPermission />;
  return <CalendarEvents />;
}

type Filter = { titulo: string; inicio: string; fim: string };

function CalendarEvents() {
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>({ titulo: '', inicio: '', fim: '' });
  const [applied, setApplied] = useState<Partial<CalendarEventFilter>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Filter, string>>>({});
  const result = meetings.useEventSearch(applied);
  const { reload } = result;
  const records = useRecordActions<CalendarEvent>({
    noun: 'evento',
    nameOf: (e) => e.titulo,
    idOf: (e) => e.eventoId,
    deleteById: meetings.removeEvent,
    onDeleted: reload,
  });

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { titulo: filter.titulo || null, inicio: filter.inicio || null, fim: filter.fim || null };
    const parsed = calendarEventFilterSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setApplied(input);
    reload();
  }

  const columns: Array<DataColumn<CalendarEvent>> = [
    { key: 'titulo', header: 'Título', rowHeader: true, truncate: 40 },
    {
      key: 'inicio',
      header: 'Início',
      format: (v, e) => (e.diaInteiro ? formatDate(String(v)) : formatDateTime(String(v))),
      width: '10rem',
    },
    { key: 'fim', header: 'Fim', format: (v, e) => (e.diaInteiro ? formatDate(String(v)) : formatDateTime(String(v))), width: '10rem' },
    { key: 'diaInteiro', header: 'Dia inteiro', width: '7rem' },
    { key: 'local', header: 'Local', truncate: 30 },
    { key: 'descricao', header: 'Descrição', truncate: 20 },
    actionsColumn(records.rowActions),
  ];

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      <ListHeading title={TITLE} id={headingId} level={1} action={<Button onClick={records.openCreate}>Cadastrar evento</Button>} />

      <form aria-label="Filtros dos eventos" noValidate onSubmit={search}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField
              label="Título contém"
              value={filter.titulo}
              maxLength={200}
              onValueChange={(titulo) => setFilter((f) => ({ ...f, titulo }))}
            />
            <DateField
              label="De"
              value={filter.inicio}
              error={errors.inicio}
              onValueChange={(inicio) => setFilter((f) => ({ ...f, inicio }))}
            />
            <DateField label="Até" value={filter.fim} error={errors.fim} onValueChange={(fim) => setFilter((f) => ({ ...f, fim }))} />
          </SimpleGrid>
          <HStack>
            <Button type="submit" variant="outline">
              Filtrar
            </Button>
          </HStack>
        </Stack>
      </form>

      {result.status === 'error' ? (
        <LoadError message="Não foi possível carregar os eventos." onRetry={reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={result.status === 'ready' ? result.data : (result.status === 'loading' && result.previous) || []}
            columns={columns}
            rowKey={(e) => e.eventoId}
            labelledBy={headingId}
            loading={result.status === 'loading' && !result.previous}
            loadingText="Carregando eventos…"
            emptyText="Nenhum Evento retornado"
            defaultSort={{ key: 'inicio', direction: 'desc' }}
            minWidth="48rem"
          />
        </TableClip>
      )}

      <EventDialog open={records.dialogOpen} onClose={records.closeDialog} event={records.editing} onSaved={reload} />
      {records.confirmDialog}
    </Stack>
  );
}
