import { Button, Field, Heading, HStack, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format.ts';
import {
  canAnalyseStatus,
  canDeleteStatus,
  canEditProposal,
  canSendProposal,
  mayAnalyseProposals,
  mayDeleteProposals,
  PROPOSAL_EVENT_LABELS,
  PROPOSAL_MESSAGES,
  type Instalment,
  type ProposalDetail,
} from '../../../domain/proposals.ts';
import { httpStatusOf } from '../../../lib/api-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { StoredFileList } from '../../../ui/stored-file-list.tsx';
import { proposals } from '../data.ts';
import { proposalHref } from '../paths.ts';
import { ProposalFormPage } from './proposal-form.tsx';
import { ProposalStatusBadge } from './status-badge.tsx';

const reais = (cents: number) => formatMoney(cents / 100);

const INSTALMENT_COLUMNS: ReadonlyArray<DataColumn<Instalment>> = [
  { key: 'numero', header: 'Parcela', width: '6rem', rowHeader: true },
  { key: 'vencimento', header: 'Vencimento', format: (v) => formatDate(String(v)), cardPriority: 1 },
  { key: 'valor', header: 'Valor', align: 'end', format: (v) => reais(Number(v)) },
];

/** A proposal's page: its values and parts, the actions its status and the user's flags allow, and the history. */
export function ProposalDetailPage({ propostaId }: { propostaId: number | null }) {
  const { municipality } = useCity();
  const one = proposals.useOne(propostaId);
  const [editing, setEditing] = useState(false);
  const back = <AppLink to={proposalHref.list(municipality.municipioId)}>Voltar às propostas</AppLink>;
  if (propostaId === null || (one.status === 'error' && httpStatusOf(one.error) === 404))
    return (
      <Stack gap="3" align="start">
        <Text role="alert">{PROPOSAL_MESSAGES.naoEncontrada}</Text>
        {back}
      </Stack>
    );
  if (one.status === 'error')
    return (
      <Stack gap="3" align="start">
        <LoadError message="Não foi possível carregar a proposta." onRetry={() => one.reload()} />
        {back}
      </Stack>
    );
  if (one.status !== 'ready') return <LoadingState />;
  if (editing) return <ProposalFormPage key={one.data.atualizacao} proposal={one.data} onDone={() => setEditing(false)} />;
  return <ProposalView proposal={one.data} onEdit={() => setEditing(true)} back={back} />;
}

function ProposalView({ proposal: p, onEdit, back }: { proposal: ProposalDetail; onEdit: () => void; back: ReactNode }) {
  const { municipality } = useCity();
  const ctx = usePermissionContext();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  const instalmentsId = useId();
  const analyst = ctx !== null && mayAnalyseProposals(ctx) && canAnalyseStatus(p.status);
  const deletable = ctx !== null && mayDeleteProposals(ctx) && canDeleteStatus(p.status);
  const extrasTotal = useMemo(() => p.extras.reduce((s, e) => s + e.valor, 0), [p.extras]);

  async function run(label: string, action: () => Promise<{ ok: boolean }>, success: string) {
    setBusy(label);
    const result = await action();
    setBusy(null);
    if (result.ok) notifySuccess(success);
    return result.ok;
  }

  async function send() {
    if (
      !(await confirm({
        title: 'Enviar para análise',
        body: 'Depois de enviada, a proposta só pode ser alterada se for rejeitada. Deseja enviar?',
      }))
    )
      return;
    await run('send', () => proposals.send(p.propostaId), PROPOSAL_MESSAGES.enviada);
  }

  async function remove() {
    if (
      !(await confirm({
        title: 'Excluir proposta',
        body: `Confirma que deseja excluir a proposta ${p.titulo}? Esta ação não pode ser desfeita.`,
        destructive: true,
      }))
    )
      return;
    if (await run('remove', () => proposals.remove(p.propostaId), PROPOSAL_MESSAGES.excluida))
      navigate(proposalHref.list(municipality.municipioId));
  }

  return (
    <Stack gap="5">
      <PageTitle parts={[p.titulo, municipality.nome]} />
      {confirmDialog}
      {back}
      <ListHeading title={p.titulo} id={headingId} level={2} kicker="Proposta" action={<ProposalStatusBadge status={p.status} />} />
      {p.status === 'rejeitada' && p.motivoRejeicao && (
        <Text role="note">
          <strong>Motivo da rejeição: </strong>
          {p.motivoRejeicao}
        </Text>
      )}

      <HStack gap="3" wrap="wrap">
        {canEditProposal(p.status) && (
          <Button variant="outline" onClick={onEdit}>
            Alterar
          </Button>
        )}
        {canSendProposal(p.status) && (
          <Button loading={busy === 'send'} onClick={() => void send()}>
            Enviar para análise
          </Button>
        )}
        <Button
          variant="outline"
          loading={busy === 'pdf'}
          onClick={() => void run('pdf', () => proposals.downloadPdf({ id: p.propostaId, titulo: p.titulo }), 'PDF da proposta baixado')}
        >
          Baixar PDF
        </Button>
        {deletable && (
          <Button variant="outline" colorPalette="red" loading={busy === 'remove'} onClick={() => void remove()}>
            Excluir
          </Button>
        )}
      </HStack>

      {analyst && <AnalysisBox proposal={p} />}

      <Stack as="section" gap="2" aria-label="Valores">
        <Heading as="h3" size="md">
          Valores
        </Heading>
        <Text>
          <strong>Valor total:</strong> {reais(p.valorTotal)}
          {p.premium ? ' · Premium' : ''}
        </Text>
        <Text>
          <strong>Investimento do município:</strong> {reais(p.investimentoMunicipio)}
        </Text>
        <Text>
          <strong>Contrapartida do Sebrae:</strong> {reais(p.contrapartidaSebrae)}
        </Text>
      </Stack>

      <Stack as="section" gap="2" aria-label="Soluções e eixos">
        <Heading as="h3" size="md">
          Soluções e eixos
        </Heading>
        <Text>
          <strong>Soluções:</strong> {p.solucoes.map((s) => s.nome).join(', ') || '—'}
        </Text>
        <Text>
          <strong>Eixos:</strong> {p.eixos.map((e) => e.nome).join(', ') || '—'}
        </Text>
      </Stack>

      <Stack gap="2">
        <Heading as="h3" size="md" id={instalmentsId}>
          Parcelas
        </Heading>
        <TableClip>
          <DataTable
            rows={p.parcelas}
            columns={INSTALMENT_COLUMNS}
            rowKey={(x) => x.numero}
            labelledBy={instalmentsId}
            emptyText="Nenhuma parcela."
          />
        </TableClip>
      </Stack>

      <Stack as="section" gap="2" aria-label="Extras">
        <Heading as="h3" size="md">
          Extras
        </Heading>
        {p.extras.length === 0 ? (
          <Text color="fg.muted">Nenhum extra.</Text>
        ) : (
          <List.Root ps="5">
            {p.extras.map((e, i) => (
              <List.Item key={i}>{`${e.descricao}: ${reais(e.valor)}`}</List.Item>
            ))}
            <List.Item listStyleType="none" fontWeight="medium">{`Total dos extras: ${reais(extrasTotal)}`}</List.Item>
          </List.Root>
        )}
      </Stack>

      {p.observacoes && (
        <Stack as="section" gap="2" aria-label="Observações">
          <Heading as="h3" size="md">
            Observações
          </Heading>
          <Text whiteSpace="pre-wrap">{p.observacoes}</Text>
        </Stack>
      )}

      <Stack as="section" gap="2" aria-label="Anexos">
        <Heading as="h3" size="md">
          Anexos
        </Heading>
        <StoredFileList
          files={p.arquivos}
          download={(f, onProgress) => proposals.downloadAttachment({ arquivoId: f.arquivoId, nome: f.nome, onProgress })}
        />
      </Stack>

      <Stack as="section" gap="2" aria-label="Histórico">
        <Heading as="h3" size="md">
          Histórico
        </Heading>
        <List.Root ps="5">
          {p.historico.map((h, i) => (
            <List.Item
              key={i}
            >{`${formatDateTime(h.em)} · ${PROPOSAL_EVENT_LABELS[h.evento]} por ${h.usuarioNome}${h.motivo ? `: ${h.motivo}` : ''}`}</List.Item>
          ))}
        </List.Root>
      </Stack>
    </Stack>
  );
}

/** Approve, or reject with a reason (podeAnalisarProposta, a sent proposal). */
function AnalysisBox({ proposal }: { proposal: ProposalDetail }) {
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'aprovar' | 'rejeitar' | null>(null);

  async function decide(aprovada: boolean) {
    if (!aprovada && !motivo.trim()) {
      setError(PROPOSAL_MESSAGES.motivoObrigatorio);
      notifyError(PROPOSAL_MESSAGES.motivoObrigatorio);
      return;
    }
    setBusy(aprovada ? 'aprovar' : 'rejeitar');
    const result = await proposals.analyse({ propostaId: proposal.propostaId, aprovada, motivo: aprovada ? null : motivo.trim() });
    setBusy(null);
    if (result.ok) notifySuccess(aprovada ? PROPOSAL_MESSAGES.aprovada : PROPOSAL_MESSAGES.rejeitada);
  }

  return (
    <Stack as="section" gap="3" borderWidth="1px" rounded="md" p="4" aria-label="Análise da proposta">
      <Heading as="h3" size="md">
        Análise
      </Heading>
      {rejecting && (
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>Motivo da rejeição</Field.Label>
          <Textarea
            value={motivo}
            rows={3}
            maxLength={2000}
            autoFocus
            onChange={(event) => {
              setMotivo(event.target.value);
              setError(undefined);
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      )}
      <HStack gap="3" wrap="wrap">
        {rejecting ? (
          <>
            <Button colorPalette="red" loading={busy === 'rejeitar'} onClick={() => void decide(false)}>
              Confirmar rejeição
            </Button>
            <Button variant="outline" disabled={busy !== null} onClick={() => setRejecting(false)}>
              Cancelar
            </Button>
          </>
        ) : (
          <>
            <Button colorPalette="green" loading={busy === 'aprovar'} onClick={() => void decide(true)}>
              Aprovar
            </Button>
            <Button colorPalette="red" variant="outline" disabled={busy !== null} onClick={() => setRejecting(true)}>
              Rejeitar
            </Button>
          </>
        )}
      </HStack>
    </Stack>
  );
}
