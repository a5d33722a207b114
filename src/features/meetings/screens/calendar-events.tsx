import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import { formatDate, formatDateTime } from '../../../domain/format.ts';
import { calendarEventFilterSchema, type CalendarEvent, type CalendarEventFilter } from '../../../domain/meetings.ts';
import { isAdmin } from '../../../domain/permissions.ts';
import { useSession } from '../../../session/store.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CONFIRM_MESSAGES } from '../../../ui/messages.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { EventDialog } from '../components/event-dialog.tsx';
import { deleteCalendarEvent, searchCalendarEvents, useSearch } from '../data.ts';

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
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog animates out, so its title does not flip on close.
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const result = useSearch(applied, searchCalendarEvents, 'Erro ao obter eventos');
  const reload = () => setApplied((a) => ({ ...a }));

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
  }

  function openDialog(event: CalendarEvent | null) {
    setEditing(event);
    setDialogOpen(true);
  }

  async function remove(event: CalendarEvent) {
    const confirmed = await confirm({
      title: 'Excluir evento',
      body: `Confirma que deseja excluir o evento ${event.titulo}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(event.eventoId);
    try {
      await deleteCalendarEvent(event.eventoId);
      notifySuccess('Evento excluído com sucesso');
      reload();
    } catch (error) {
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível excluir o evento.'));
    } finally {
      setDeleting(null);
    }
  }

  const columns = useMemo<Array<DataColumn<CalendarEvent>>>(
    () => [
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
      {
        key: 'acoes',
        header: 'Ações',
        sortable: false,
        align: 'end',
        width: '11rem',
        cell: (e) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" aria-label={`Editar evento ${e.titulo}`} onClick={() => openDialog(e)}>
              Editar
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Excluir evento ${e.titulo}`}
              loading={deleting === e.eventoId}
              onClick={() => void remove(e)}
            >
              Excluir
            </Button>
          </HStack>
        ),
      },
    ],
    // remove and openDialog only close over state setters and the confirm hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [deleting],
  );

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl" id={headingId}>
          {TITLE}
        </Heading>
        <Button onClick={() => openDialog(null)}>Cadastrar evento</Button>
      </HStack>

      <form aria-label="Filtros dos eventos" noValidate onSubmit={search}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField
              label="Título contém"
              value={filter.titulo}
              maxLength={200}
              onValueChange={(titulo) => setFilter((f) => ({ ...f, titulo }))}
            />
            <TextField
              label="De"
              type="date"
              value={filter.inicio}
              error={errors.inicio}
              onValueChange={(inicio) => setFilter((f) => ({ ...f, inicio }))}
            />
            <TextField
              label="Até"
              type="date"
              value={filter.fim}
              error={errors.fim}
              onValueChange={(fim) => setFilter((f) => ({ ...f, fim }))}
            />
          </SimpleGrid>
          <HStack>
            <Button type="submit" variant="outline">
              Filtrar
            </Button>
          </HStack>
        </Stack>
      </form>

      {result.status === 'error' ? (
        <HStack gap="4" wrap="wrap" role="alert">
          <Text color="fg.muted">Não foi possível carregar os eventos.</Text>
          <Button variant="outline" size="sm" onClick={() => reload()}>
            Tentar novamente
          </Button>
        </HStack>
      ) : (
        <Box position="relative" overflow="clip" p="1" m="-1">
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
        </Box>
      )}

      <EventDialog open={dialogOpen} onClose={() => setDialogOpen(false)} event={editing} onSaved={() => reload()} />
      {confirmDialog}
    </Stack>
  );
}
