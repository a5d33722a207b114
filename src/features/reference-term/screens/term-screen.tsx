import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../domain/format.ts';
import { hasFlag } from '../../../domain/permissions.ts';
import { isActivityStopped, type Activity, type Phase } from '../../../domain/reference-term.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ImportPanel } from '../components/import-panel.tsx';
import { TermDialogs, type TermDialog, type TermWords } from '../components/term-dialogs.tsx';
import { referenceTerms } from '../data.ts';
import { referenceTermHref, TERM_TABS } from '../paths.ts';

const WORDS: TermWords = { phase: 'Fase', activity: 'Atividade' };

/** /cidade/{id}/termo-referencia/{tab}: the term's phases and activities (tab 0) or the sheet import. */
export function ReferenceTermScreen() {
  const { municipality } = useCity();
  const { tab } = useParams();
  const ctx = usePermissionContext();
  const title = currentVocabulary().cityTabs.termoReferencia;
  const canImport = Boolean(ctx && hasFlag(ctx, 'importarTermoReferencia'));
  const importing = tab === TERM_TABS.import && canImport;
  return (
    <Stack gap="4">
      <PageTitle parts={[title, municipality.nome]} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        <HStack gap="2" wrap="wrap" as="nav" aria-label={title}>
          <Button asChild size="sm" variant={importing ? 'outline' : 'solid'}>
            <RouterLink to={referenceTermHref.term(municipality.municipioId)} aria-current={importing ? undefined : 'page'}>
              Fases e atividades
            </RouterLink>
          </Button>
          {canImport && (
            <Button asChild size="sm" variant={importing ? 'solid' : 'outline'}>
              <RouterLink to={referenceTermHref.import(municipality.municipioId)} aria-current={importing ? 'page' : undefined}>
                Importar planilha
              </RouterLink>
            </Button>
          )}
        </HStack>
      </HStack>
      {importing ? <ImportPanel municipioId={municipality.municipioId} /> : <TermView municipioId={municipality.municipioId} />}
    </Stack>
  );
}

function TermView({ municipioId }: { municipioId: number }) {
  const term = referenceTerms.useTerm(municipioId);
  const ctx = usePermissionContext();
  const can = (flag: 'adicionarTermoReferencia' | 'editarTermoReferencia' | 'excluirTermoReferencia' | 'interromperTermoReferencia') =>
    Boolean(ctx && hasFlag(ctx, flag));
  const [dialog, setDialog] = useState<TermDialog | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  async function remove(target: 'phase' | 'activity', id: number, nome: string) {
    const ok = await confirm({
      title: target === 'phase' ? 'Excluir fase' : 'Excluir atividade',
      body: target === 'phase' ? `Confirma que deseja excluir a fase ${nome} e todas as suas atividades? Não é possível desfazer.` : `Confirma que deseja excluir a atividade ${nome}? Não é possível desfazer.`,
      destructive: true,
    });
    if (ok) await (target === 'phase' ? referenceTerms.phase.remove(id) : referenceTerms.activity.remove(id));
  }
  async function resume(target: 'phase' | 'activity', id: number) {
    const body = { id, interrompida: false };
    await (target === 'phase' ? referenceTerms.phase.interrupt(body) : referenceTerms.activity.interrupt(body));
  }

  if (term.status === 'error') return <LoadError message="Não foi possível carregar o termo de referência." onRetry={term.reload} />;
  if (term.status !== 'ready') return <LoadingState />;
  const { fases } = term.data;
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">
          {term.data.atualizadoEm
            ? `Atualizado em ${formatDateTime(term.data.atualizadoEm)}${term.data.atualizadoPor ? ` por ${term.data.atualizadoPor}` : ''}${term.data.arquivoNome ? ` (planilha ${term.data.arquivoNome})` : ''}.`
            : 'Este município ainda não tem termo de referência.'}
        </Text>
        {can('adicionarTermoReferencia') && <Button onClick={() => setDialog({ kind: 'phase', phase: null })}>Adicionar fase</Button>}
      </HStack>
      {fases.length === 0 && <Text>Nenhuma fase retornada</Text>}
      {fases.map((phase) => (
        <PhaseCard
          key={phase.faseId}
          phase={phase}
          can={can}
          onEdit={() => setDialog({ kind: 'phase', phase })}
          onAdd={() => setDialog({ kind: 'activity', faseId: phase.faseId, activity: null })}
          onEditActivity={(activity) => setDialog({ kind: 'activity', faseId: phase.faseId, activity })}
          onInterrupt={(target, id, nome) => setDialog({ kind: 'interrupt', target, id, nome })}
          onResume={(target, id) => void resume(target, id)}
          onRemove={(target, id, nome) => void remove(target, id, nome)}
        />
      ))}
      <TermDialogs dialog={dialog} municipioId={municipioId} words={WORDS} onClose={() => setDialog(null)} />
      {confirmDialog}
    </Stack>
  );
}

type Target = 'phase' | 'activity';

function Stopped({ reason }: { reason: string | null }) {
  return (
    <Badge colorPalette="orange" title={reason ?? undefined}>
      Interrompida
    </Badge>
  );
}

function PhaseCard({
  phase,
  can,
  onEdit,
  onAdd,
  onEditActivity,
  onInterrupt,
  onResume,
  onRemove,
}: {
  phase: Phase;
  can: (flag: 'adicionarTermoReferencia' | 'editarTermoReferencia' | 'excluirTermoReferencia' | 'interromperTermoReferencia') => boolean;
  onEdit: () => void;
  onAdd: () => void;
  onEditActivity: (a: Activity) => void;
  onInterrupt: (target: Target, id: number, nome: string) => void;
  onResume: (target: Target, id: number) => void;
  onRemove: (target: Target, id: number, nome: string) => void;
}) {
  const headingId = useId();
  const columns = useMemo<Array<DataColumn<Activity>>>(
    () => [
      { key: 'ordem', header: '#', width: '3rem' },
      { key: 'nome', header: 'Atividade', rowHeader: true, truncate: 60 },
      { key: 'inicio', header: 'Início', width: '7rem', format: (v) => formatDate(String(v)) },
      { key: 'fim', header: 'Fim', width: '7rem', format: (v) => formatDate(String(v)) },
      { key: 'horas', header: 'Horas', width: '5rem', align: 'end', format: (v) => String(v).replace('.', ',') },
      { key: 'responsavel', header: 'Responsável', truncate: 30 },
      {
        key: 'situacao',
        header: 'Situação',
        cardPriority: 1,
        value: (a) => (isActivityStopped(phase, a) ? 'Interrompida' : 'Em andamento'),
        cell: (a) =>
          isActivityStopped(phase, a) ? <Stopped reason={a.motivoInterrupcao ?? phase.motivoInterrupcao} /> : <Badge colorPalette="green">Em andamento</Badge>,
      },
      {
        key: 'acoes',
        header: 'Ações',
        sortable: false,
        width: '16rem',
        value: () => null,
        cell: (a) => (
          <HStack gap="1" wrap="wrap">
            {can('editarTermoReferencia') && (
              <Button size="xs" variant="outline" onClick={() => onEditActivity(a)} aria-label={`Editar ${a.nome}`}>
                Editar
              </Button>
            )}
            {can('interromperTermoReferencia') &&
              (a.interrompida ? (
                <Button size="xs" variant="outline" onClick={() => onResume('activity', a.atividadeId)} aria-label={`Retomar ${a.nome}`}>
                  Retomar
                </Button>
              ) : (
                <Button size="xs" variant="outline" onClick={() => onInterrupt('activity', a.atividadeId, a.nome)} aria-label={`Interromper ${a.nome}`}>
                  Interromper
                </Button>
              ))}
            {can('excluirTermoReferencia') && (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRemove('activity', a.atividadeId, a.nome)} aria-label={`Excluir ${a.nome}`}>
                Excluir
              </Button>
            )}
          </HStack>
        ),
      },
    ],
    [phase, can, onEditActivity, onInterrupt, onResume, onRemove],
  );
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" wrap="wrap">
            <Heading as="h3" size="md" id={headingId}>
              {phase.ordem}. {phase.nome}
            </Heading>
            {phase.interrompida && <Stopped reason={phase.motivoInterrupcao} />}
          </HStack>
          <HStack gap="1" wrap="wrap">
            {can('adicionarTermoReferencia') && (
              <Button size="xs" onClick={onAdd} aria-label={`Adicionar atividade em ${phase.nome}`}>
                Adicionar atividade
              </Button>
            )}
            {can('editarTermoReferencia') && (
              <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Editar fase ${phase.nome}`}>
                Editar
              </Button>
            )}
            {can('interromperTermoReferencia') &&
              (phase.interrompida ? (
                <Button size="xs" variant="outline" onClick={() => onResume('phase', phase.faseId)} aria-label={`Retomar fase ${phase.nome}`}>
                  Retomar
                </Button>
              ) : (
                <Button size="xs" variant="outline" onClick={() => onInterrupt('phase', phase.faseId, phase.nome)} aria-label={`Interromper fase ${phase.nome}`}>
                  Interromper
                </Button>
              ))}
            {can('excluirTermoReferencia') && (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRemove('phase', phase.faseId, phase.nome)} aria-label={`Excluir fase ${phase.nome}`}>
                Excluir
              </Button>
            )}
          </HStack>
        </HStack>
        {phase.descricao && <Text color="fg.muted">{phase.descricao}</Text>}
        {phase.interrompida && phase.motivoInterrupcao && <Text color="orange.fg">Motivo da interrupção: {phase.motivoInterrupcao}</Text>}
      </Card.Header>
      <Card.Body>
        <TableClip>
          <DataTable labelledBy={headingId} rows={phase.atividades} columns={columns} rowKey={(a) => a.atividadeId} emptyText="Nenhuma atividade retornada" />
        </TableClip>
      </Card.Body>
    </Card.Root>
  );
}
