import { Button, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format.ts';
import type { PaymentDetail } from '../../../domain/payments.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { TextAreaField } from '../../../ui/text-field.tsx';
import { apiErrorMessage, payments } from '../data.ts';
import { formatHours, PaymentStatusBadge } from './payment-table.tsx';

export type PaymentDetailDialogProps = {
  /** The process shown; null closes the dialog. */
  id: number | null;
  onClose: () => void;
  /** Approve, reject and send to SGF (spec §6 leaves it open: administrators and menuProcessosPagamento). */
  mayAnalyse: boolean;
  /** The signed-in user: the owner edits and deletes. */
  usuarioId: number;
  onEdit: (process: PaymentDetail) => void;
};

type Line = { key: string; kind: string; titulo: string; criacao: string; horas: number };

const LINE_COLUMNS: ReadonlyArray<DataColumn<Line>> = [
  { key: 'titulo', header: 'Título', rowHeader: true, truncate: 60 },
  { key: 'kind', header: 'Tipo' },
  { key: 'criacao', header: 'Data', format: (v) => formatDate(String(v)) },
  { key: 'horas', header: 'Horas', align: 'end', format: (v) => formatHours(Number(v)) },
];

/** The detail of one process: its data, its reports (spec §7 get-by-processo-pagamento), its files and what may be done with it. */
export function PaymentDetailDialog({ id, onClose, ...rest }: PaymentDetailDialogProps) {
  return (
    <DialogShell open={id !== null} onClose={onClose} size={800} scrollInside closeButton>
      {id !== null && <DetailBody id={id} onClose={onClose} {...rest} />}
    </DialogShell>
  );
}

function DetailBody({ id, onClose, mayAnalyse, usuarioId, onEdit }: Omit<PaymentDetailDialogProps, 'id'> & { id: number }) {
  const one = payments.useOne(id);
  const tableId = useId();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  if (one.status !== 'ready') {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Processo de pagamento</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {one.status === 'error' ? (
            <LoadError message={apiErrorMessage(one.error, 'Não foi possível carregar o processo de pagamento.')} onRetry={one.reload} />
          ) : (
            <LoadingState label="Carregando o processo…" />
          )}
        </Dialog.Body>
      </>
    );
  }
  const p = one.data;
  const own = p.usuarioId === usuarioId;
  const changeable = p.status !== 'aprovado' && (own || mayAnalyse);
  const lines: Line[] = [
    ...p.relatorios.map((r) => ({
      key: `r${r.relatorioId}`,
      kind: 'Relatório',
      titulo: r.titulo,
      criacao: r.criacao,
      horas: r.horasTarefas,
    })),
    ...p.relatoriosAdministrativos.map((r) => ({
      key: `a${r.relatorioAdministrativoId}`,
      kind: 'Relatório administrativo',
      titulo: r.titulo,
      criacao: r.criacao,
      horas: r.horas,
    })),
  ];

  async function run(label: string, action: () => Promise<{ ok: boolean }>, success?: string) {
    setBusy(label);
    const result = await action();
    setBusy(null);
    if (result.ok && success) notifySuccess(success);
    return result.ok;
  }

  async function approve() {
    if (!(await confirm({ title: 'Aprovar processo', body: `Confirma a aprovação do processo ${p.numero}?`, confirmLabel: 'Aprovar' })))
      return;
    await run(
      'aprovar',
      () => payments.analyse({ processoPagamentoId: p.processoPagamentoId, aprovado: true, motivoRejeicao: null }),
      'Processo de pagamento aprovado',
    );
  }

  async function sendToSgf() {
    if (
      !(await confirm({
        title: 'Enviar ao SGF',
        body: `Enviar o processo ${p.numero} ao sistema financeiro (SGF)? O envio é feito uma única vez.`,
        confirmLabel: 'Enviar',
      }))
    )
      return;
    await run('sgf', () => payments.sendToSgf(p.processoPagamentoId), 'Processo enviado ao SGF');
  }

  async function remove() {
    const confirmed = await confirm({
      title: 'Excluir processo de pagamento',
      body: `Confirma que deseja excluir o processo ${p.numero}? Esta ação não poderá ser desfeita.`,
      destructive: true,
    });
    if (!confirmed) return;
    if (await run('excluir', () => payments.remove(p.processoPagamentoId), 'Processo de pagamento excluído com sucesso')) onClose();
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Processo de pagamento {p.numero}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="md">
            <Item label="Situação">
              <PaymentStatusBadge status={p.status} />
            </Item>
            {p.motivoRejeicao && <Item label="Motivo da rejeição">{p.motivoRejeicao}</Item>}
            <Item label="Consultor">{p.usuarioNome}</Item>
            <Item label="Contrato">{p.numContrato}</Item>
            <Item label="Código de contratação">{p.codigoContratacao}</Item>
            <Item label="Período de realização">{p.periodoRealizacao}</Item>
            <Item label="Horas">{formatHours(p.horas)}</Item>
            <Item label="Total">{formatMoney(p.total / 100)}</Item>
            <Item label="Enviado ao SGF">{p.enviadoSgfEm ? formatDateTime(p.enviadoSgfEm) : 'Não'}</Item>
            <Item label="Assinatura eletrônica">
              {p.assinadoEm
                ? `Assinado em ${formatDateTime(p.assinadoEm)}`
                : p.assinaturaSolicitadaEm
                  ? `Solicitada em ${formatDateTime(p.assinaturaSolicitadaEm)}`
                  : 'Não solicitada'}
            </Item>
          </DataList.Root>

          <Heading as="h3" size="md" id={tableId}>
            Relatórios do processo
          </Heading>
          <TableClip>
            <DataTable
              rows={lines}
              columns={LINE_COLUMNS}
              rowKey={(l) => l.key}
              labelledBy={tableId}
              emptyText="Nenhum relatório retornado"
              minWidth="32rem"
            />
          </TableClip>

          <Heading as="h3" size="md">
            Arquivos
          </Heading>
          {p.arquivos.length === 0 ? (
            <Text color="fg.muted">Nenhum anexo.</Text>
          ) : (
            <Stack as="ul" listStyle="none" gap="1" aria-label="Arquivos do processo">
              {p.arquivos.map((f) => (
                <Text as="li" key={f.arquivoId} overflowWrap="anywhere">
                  {f.nome}
                </Text>
              ))}
            </Stack>
          )}

          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              loading={busy === 'pdf'}
              onClick={() => void run('pdf', () => payments.downloadServiceReport({ id: p.processoPagamentoId, numero: p.numero }))}
            >
              Baixar relatório de prestação de serviço
            </Button>
            {p.arquivos.length > 0 && (
              <Button
                variant="outline"
                loading={busy === 'arquivos'}
                onClick={() => void run('arquivos', () => payments.downloadFiles({ id: p.processoPagamentoId, numero: p.numero }))}
              >
                Baixar arquivos
              </Button>
            )}
            {mayAnalyse && p.status !== 'aprovado' && (
              <Button colorPalette="green" loading={busy === 'aprovar'} disabled={busy !== null} onClick={() => void approve()}>
                Aprovar
              </Button>
            )}
            {mayAnalyse && p.status === 'aberto' && (
              <Button colorPalette="red" variant="outline" disabled={busy !== null} onClick={() => setRejecting(true)}>
                Rejeitar
              </Button>
            )}
            {mayAnalyse && p.status === 'aprovado' && !p.enviadoSgfEm && (
              <Button loading={busy === 'sgf'} disabled={busy !== null} onClick={() => void sendToSgf()}>
                Enviar ao SGF
              </Button>
            )}
            {/* Asking is the office's (the endpoint refuses anyone else); the consultant signs from the mailed link. */}
            {mayAnalyse && !p.assinadoEm && (
              <Button
                variant="outline"
                loading={busy === 'assinatura'}
                disabled={busy !== null}
                onClick={() =>
                  void run(
                    'assinatura',
                    () => payments.askSignature(p.processoPagamentoId),
                    'Pedido de assinatura eletrônica enviado por e-mail',
                  )
                }
              >
                {p.assinaturaSolicitadaEm ? 'Pedir a assinatura eletrônica de novo' : 'Pedir assinatura eletrônica'}
              </Button>
            )}
            {changeable && (
              <Button variant="outline" disabled={busy !== null} onClick={() => onEdit(p)}>
                Editar
              </Button>
            )}
            {changeable && (
              <Button
                variant="outline"
                colorPalette="red"
                loading={busy === 'excluir'}
                disabled={busy !== null}
                onClick={() => void remove()}
              >
                Excluir
              </Button>
            )}
          </HStack>
        </Stack>
      </Dialog.Body>
      <RejectDialog open={rejecting} process={p} onClose={() => setRejecting(false)} />
      {confirmDialog}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue overflowWrap="anywhere">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const REASON_REQUIRED = 'Informe o motivo da rejeição.';

function RejectDialog({ open, process, onClose }: { open: boolean; process: PaymentDetail; onClose: () => void }) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={reasonRef}>
      <RejectForm process={process} onClose={onClose} reasonRef={reasonRef} />
    </FormDialog>
  );
}

function RejectForm({
  process,
  onClose,
}: {
  process: PaymentDetail;
  onClose: () => void;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useFormDialogSubmit<string>(
    {
      submit: () => {
        if (reason.trim()) return reason.trim();
        setError(REASON_REQUIRED);
        return null;
      },
      setErrors: (errors) => setError(errors.motivoRejeicao),
    },
    async (motivoRejeicao) => {
      const result = await payments.analyse(
        { processoPagamentoId: process.processoPagamentoId, aprovado: false, motivoRejeicao },
        { inline: true },
      );
      if (!result.ok) return result;
      notifySuccess('Processo de pagamento rejeitado');
      onClose();
    },
    'Não foi possível rejeitar o processo de pagamento.',
  );
  return (
    <FormDialogForm
      title={`Rejeitar processo ${process.numero}`}
      onClose={onClose}
      submit={submit}
      submitLabel="Rejeitar"
      submitPalette="red"
    >
      <TextAreaField
        label="Motivo da rejeição"
        required
        maxLength={1000}
        name="motivoRejeicao"
        value={reason}
        onValueChange={setReason}
        error={error}
      />
    </FormDialogForm>
  );
}
