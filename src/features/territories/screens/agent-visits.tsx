import { Badge, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { compareVisits, solutionVisitCounts } from '../../../domain/territories.ts';
import { AgentTabs, agentTabPath } from '../../../entities/territories/agent-tabs.tsx';
import { visits } from '../../../entities/territories/data.ts';
import { VisitFormDialog, type VisitFormMode, type VisitFormValues } from '../../../entities/territories/visit-form.tsx';
import { VisitStatusBadge } from '../../../entities/territories/visit-status.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

/**
 * /cidade/{id}/agenteTerritorial/visitas (and /visitas/{tabId} for one visit): the municipality's
 * planned and done visits, readable offline once downloaded; planning a visit and recording one as
 * done go through the outbox, so they work on a phone with no network and reach the server once.
 */
export function AgentVisitsScreen() {
  const { municipality } = useCity();
  const { tabId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const words = currentVocabulary();
  const municipioId = municipality.municipioId;
  const list = visits.useVisits(municipioId);
  const options = visits.useOptions(municipioId);
  const optionsData = options.status === 'ready' ? options.data : undefined;
  const [mode, setMode] = useState<VisitFormMode | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const rows = list.status === 'ready' ? [...list.data].sort(compareVisits) : [];
  const selected = tabId === undefined ? null : (rows.find((v) => String(v.visitaId) === tabId) ?? null);
  const counts = optionsData ? solutionVisitCounts(optionsData.solucoes, rows) : [];

  async function save(values: VisitFormValues) {
    const user = session.user!;
    if (mode?.kind === 'done') {
      const v = mode.visit;
      const result = await visits.updateVisit(
        {
          visitaId: v.visitaId,
          municipioId,
          usuarioId: v.usuarioId,
          territorioId: values.territorioId,
          municipioSolucaoId: v.municipioSolucaoId,
          relatorioId: values.relatorioId,
          status: 'realizada',
          dataPrevista: v.dataPrevista,
          dataRealizada: values.dataRealizada,
          horas: values.horas,
          observacao: values.observacao,
        },
        { municipioId, inline: true },
      );
      if (!result.ok) return result;
    } else {
      const result = await visits.createVisit(
        { ...values, municipio: municipality.nome, agente: user.nome, usuarioId: user.usuarioId },
        { municipioId, inline: true },
      );
      if (!result.ok) return result;
    }
    setMode(null);
    notifySuccess(values.status === 'realizada' ? 'Visita registrada.' : 'Visita planejada.');
  }

  /** Cancels a planned visit, or plans a cancelled one again (the server allows both ways), through the outbox. */
  async function changeStatus(v: (typeof rows)[number], status: 'cancelada' | 'planejada') {
    const when = formatDate(v.dataPrevista);
    if (
      status === 'cancelada' &&
      !(await confirm({
        title: 'Cancelar visita',
        body: `Cancelar a visita prevista para ${when}? Ela deixa de contar como planejada e pode ser planejada novamente.`,
        confirmLabel: 'Cancelar visita',
        cancelLabel: 'Voltar',
        destructive: true,
      }))
    )
      return;
    const result = await visits.updateVisit(
      {
        visitaId: v.visitaId,
        municipioId,
        usuarioId: v.usuarioId,
        territorioId: v.territorioId,
        municipioSolucaoId: v.municipioSolucaoId,
        relatorioId: v.relatorioId,
        status,
        dataPrevista: v.dataPrevista,
        dataRealizada: null,
        horas: v.horas,
        observacao: v.observacao,
      },
      { municipioId, inline: true },
    );
    if (result.ok) notifySuccess(status === 'cancelada' ? 'Visita cancelada.' : 'Visita planejada novamente.');
  }

  return (
    <AgentTabs>
      <PageTitle parts={['Visitas', municipality.nome]} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="xl">
          Visitas do agente territorial
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button onClick={() => setMode({ kind: 'plan' })}>Planejar visita</Button>
          <Button variant="outline" onClick={() => setMode({ kind: 'record' })}>
            Registrar visita realizada
          </Button>
        </HStack>
      </HStack>
      {counts.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="visitas-solucoes">
          <Heading as="h3" size="md" id="visitas-solucoes">
            Visitas por {words.solution.singular.toLowerCase()}
          </Heading>
          <Table.ScrollArea
            borderWidth="1px"
            rounded="md"
            tabIndex={0}
            role="region"
            aria-label={`Visitas por ${words.solution.singular.toLowerCase()}`}
          >
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{words.solution.singular}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Planejadas</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Realizadas</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Visitas presenciais previstas</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Horas realizadas / previstas</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {counts.map((c) => (
                  <Table.Row key={c.municipioSolucaoId}>
                    <Table.Cell>{c.nome}</Table.Cell>
                    <Table.Cell textAlign="end">{c.planejadas}</Table.Cell>
                    <Table.Cell textAlign="end">{c.realizadas}</Table.Cell>
                    <Table.Cell textAlign="end">{c.visitasPresenciais ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {String(c.horasRealizadas).replace('.', ',')} /{' '}
                      {c.horasPrevistasVisitasPresenciais === null ? '—' : String(c.horasPrevistasVisitasPresenciais).replace('.', ',')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
      {list.status === 'error' && <LoadError message="Não foi possível carregar as visitas." onRetry={() => navigate(0)} />}
      {list.status !== 'ready' && list.status !== 'error' && <LoadingState />}
      {list.status === 'ready' && rows.length === 0 && <Text>Nenhuma visita planejada ou realizada neste município.</Text>}
      {tabId !== undefined && list.status === 'ready' && !selected && <Text role="alert">Visita não encontrada.</Text>}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Visitas">
        {(selected ? [selected] : rows).map((v) => (
          <Card.Root as="li" key={v.visitaId} size="sm" borderColor={selected ? 'colorPalette.solid' : undefined}>
            <Card.Body>
              <Stack gap="1">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Heading as="h3" size="sm">
                    <RouterLink to={agentTabPath(municipioId, 'visitas', v.visitaId)}>
                      Visita prevista para {formatDate(v.dataPrevista)}
                    </RouterLink>
                  </Heading>
                  <HStack gap="2">
                    {v.pending === 1 && <Badge colorPalette="orange">Aguardando sincronização</Badge>}
                    <VisitStatusBadge status={v.status} />
                  </HStack>
                </HStack>
                <Text textStyle="sm">
                  Agente: {v.agente}
                  {v.territorio ? ` · ${v.territorio}` : ''}
                  {v.solucao ? ` · ${v.solucao}` : ''}
                </Text>
                {v.status === 'realizada' && (
                  <Text textStyle="sm">
                    Realizada em {v.dataRealizada ? formatDate(v.dataRealizada) : '—'} · {String(v.horas).replace('.', ',')} h
                    {v.relatorio ? ` · Relatório: ${v.relatorio}` : ''}
                  </Text>
                )}
                {v.observacao && (
                  <Text textStyle="sm" color="fg.muted">
                    {v.observacao}
                  </Text>
                )}
                {v.status === 'planejada' && v.visitaId > 0 && (
                  <HStack>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setMode({ kind: 'done', visit: v })}
                      aria-label={`Registrar como realizada a visita de ${formatDate(v.dataPrevista)}`}
                    >
                      Registrar como realizada
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => void changeStatus(v, 'cancelada')}
                      aria-label={`Cancelar a visita de ${formatDate(v.dataPrevista)}`}
                    >
                      Cancelar
                    </Button>
                  </HStack>
                )}
                {v.status === 'cancelada' && v.visitaId > 0 && (
                  <HStack>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => void changeStatus(v, 'planejada')}
                      aria-label={`Planejar novamente a visita de ${formatDate(v.dataPrevista)}`}
                    >
                      Planejar novamente
                    </Button>
                  </HStack>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {selected && (
        <Button asChild variant="ghost" alignSelf="start">
          <RouterLink to={agentTabPath(municipioId, 'visitas')}>Ver todas as visitas</RouterLink>
        </Button>
      )}
      {confirmDialog}
      <VisitFormDialog mode={mode} municipioId={municipioId} options={optionsData} onClose={() => setMode(null)} onSave={save} />
    </AgentTabs>
  );
}
