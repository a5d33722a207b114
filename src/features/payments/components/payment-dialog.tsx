import { Button, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { formatMoney } from '../../../domain/format.ts';
import {
  hoursOf,
  parsePeriod,
  paymentProcessProblem,
  type PaymentDetail,
  type PaymentField,
  type PaymentInput,
} from '../../../domain/payments.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';
import type { FieldErrors } from '../../../ui/form.ts';
import { MaskedInput, MoneyInput } from '../../../ui/masked-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { isoToBr } from '../../../ui/date-logic.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { payments } from '../data.ts';
import { inPeriod, maskPeriod } from '../form-logic.ts';
import { ReportChecklist, type ChecklistItem } from './report-checklist.tsx';

export type PaymentDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Whose process: the signed-in consultant for a new one, the owner for an edit. */
  usuarioId: number;
  /** The process to edit; null opens a new one. */
  process: PaymentDetail | null;
  onSaved: (process: PaymentDetail) => void;
};

/** Spec §5 "Payment-process dialog": 800 px, many fields. */
export function PaymentDialog({ open, onClose, usuarioId, process, onSaved }: PaymentDialogProps) {
  const contractRef = useRef<HTMLDivElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={contractRef} width={800}>
      <PaymentForm
        key={process?.processoPagamentoId ?? 'novo'}
        usuarioId={usuarioId}
        process={process}
        onClose={onClose}
        onSaved={onSaved}
        firstRef={contractRef}
      />
    </FormDialog>
  );
}

type Values = Omit<PaymentInput, 'contratoId' | 'horas'> & { contratoId: number | null };

function initialValues(process: PaymentDetail | null): Values {
  return {
    contratoId: process?.contratoId ?? null,
    codigoContratacao: process?.codigoContratacao ?? '',
    periodoRealizacao: process?.periodoRealizacao ?? '',
    numero: process?.numero ?? '',
    total: process?.total ?? null,
    relatorios: process?.relatorios.map((r) => r.relatorioId) ?? [],
    relatoriosAdministrativos: process?.relatoriosAdministrativos.map((r) => r.relatorioAdministrativoId) ?? [],
  };
}

/** The end of the user's previous period under the contract: ultimoPeriodo is a period text or a day. */
function lastEnd(ultimoPeriodo: string | null | undefined): string | null {
  if (!ultimoPeriodo) return null;
  return parsePeriod(ultimoPeriodo)?.fim ?? (/^\d{4}-\d{2}-\d{2}/.test(ultimoPeriodo) ? ultimoPeriodo.slice(0, 10) : null);
}

type FormProps = Omit<PaymentDialogProps, 'open'> & { firstRef: RefObject<HTMLDivElement | null> };

function PaymentForm({ usuarioId, process, onClose, onSaved, firstRef }: FormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(process));
  const [errors, setErrors] = useState<FieldErrors<PaymentField | 'contratoId'>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const contracts = payments.useContracts(usuarioId);
  const choice = values.contratoId === null ? null : { usuarioId, contratoId: values.contratoId };
  const number = payments.useNumber(choice);
  const reports = payments.useBillableReports(choice);
  const adminReports = payments.useBillableAdminReports(choice);

  // Spec §4: the number comes from the server and is prefilled, for a new process, once per contract chosen.
  const prefilledFor = useRef<number | null>(process ? process.contratoId : null);
  useEffect(() => {
    if (number.status !== 'ready' || values.contratoId === null || prefilledFor.current === values.contratoId) return;
    prefilledFor.current = values.contratoId;
    setValues((v) => ({ ...v, numero: String(number.data.quantidadeAtual + 1) }));
  }, [number, values.contratoId]);

  // An edit offers the reports already in this process as well as those still free (the server lists only the free ones).
  const reportItems = useMemo<ChecklistItem[]>(() => {
    const own = process && process.contratoId === values.contratoId ? process.relatorios : [];
    const free = reports.status === 'ready' ? reports.data : [];
    const byId = new Map([...own, ...free].map((r) => [r.relatorioId, r]));
    return [...byId.values()].map((r) => ({
      id: r.relatorioId,
      titulo: r.titulo,
      criacao: r.criacao,
      detail: r.municipioNome,
      horas: r.horasTarefas,
    }));
  }, [process, reports, values.contratoId]);
  const adminItems = useMemo<ChecklistItem[]>(() => {
    const own = process && process.contratoId === values.contratoId ? process.relatoriosAdministrativos : [];
    const free = adminReports.status === 'ready' ? adminReports.data : [];
    const byId = new Map([...own, ...free].map((r) => [r.relatorioAdministrativoId, r]));
    return [...byId.values()].map((r) => ({ id: r.relatorioAdministrativoId, titulo: r.titulo, criacao: r.criacao, horas: r.horas }));
  }, [process, adminReports, values.contratoId]);

  // Only what lies inside the typed period may be billed: the rest is not offered, and a choice it
  // hides is neither summed nor sent (the server would refuse it).
  const period = parsePeriod(values.periodoRealizacao);
  const offeredReports = reportItems.filter((r) => inPeriod(r.criacao, period));
  const offeredAdmins = adminItems.filter((r) => inPeriod(r.criacao, period));
  const chosenReports = values.relatorios.filter((id) => offeredReports.some((r) => r.id === id));
  const chosenAdmins = values.relatoriosAdministrativos.filter((id) => offeredAdmins.some((r) => r.id === id));
  const horas = hoursOf(
    offeredReports.filter((r) => chosenReports.includes(r.id)).map((r) => ({ horasTarefas: r.horas })),
    offeredAdmins.filter((r) => chosenAdmins.includes(r.id)).map((r) => ({ horas: r.horas })),
  );
  const contractRows = contracts.status === 'ready' ? contracts.data : [];
  const contract = contractRows.find((c) => c.contratoId === values.contratoId) ?? null;
  const contractOptions = contractRows
    .filter((c) => c.ativo || c.contratoId === values.contratoId)
    .map((c) => ({ value: String(c.contratoId), label: c.numContrato }));

  const submit = useFormDialogSubmit<PaymentInput>(
    {
      submit: () => {
        if (values.contratoId === null) {
          const message = 'Escolha o contrato do processo.';
          setErrors({ contratoId: message });
          notifyError(message);
          return null;
        }
        // Spec §5: the checks in their order; the first that fails is shown on its field and as a notification.
        const chosen = { ...values, relatorios: chosenReports, relatoriosAdministrativos: chosenAdmins };
        const problem = paymentProcessProblem(chosen, {
          contrato: contract ? { inicio: contract.inicio, fim: contract.fim } : null,
          ultimoPeriodoFim: process ? null : lastEnd(number.status === 'ready' ? number.data.ultimoPeriodo : null),
        });
        if (problem) {
          setErrors({ [problem.field]: problem.message });
          notifyError(problem.message);
          return null;
        }
        setErrors({});
        return { ...chosen, contratoId: values.contratoId, horas };
      },
      setErrors: (serverErrors) => setErrors(serverErrors),
    },
    async (input) => {
      // A refusal is shown in the dialog, which stays open with everything chosen and typed.
      const saved = process
        ? await payments.update(
            { input: { ...input, processoPagamentoId: process.processoPagamentoId, arquivosRemovidos: removed }, files },
            { inline: true },
          )
        : await payments.create({ input, files }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(process ? 'Processo de pagamento atualizado com sucesso' : 'Processo de pagamento aberto com sucesso');
      onSaved(saved.data);
      onClose();
    },
    'Não foi possível salvar o processo de pagamento.',
  );

  const kept = process?.arquivos.filter((f) => !removed.includes(f.arquivoId)) ?? [];

  return (
    <FormDialogForm
      title={process ? `Editar processo de pagamento ${process.numero}` : 'Novo processo de pagamento'}
      onClose={onClose}
      submit={submit}
    >
      <div ref={firstRef} tabIndex={-1}>
        <SelectField
          label="Contrato"
          required
          name="contratoId"
          placeholder={contracts.status === 'loading' ? 'Carregando contratos…' : 'Escolha o contrato'}
          options={contractOptions}
          value={values.contratoId === null ? '' : String(values.contratoId)}
          error={errors.contratoId}
          onValueChange={(value) => {
            setValues((v) => ({ ...v, contratoId: value ? Number(value) : null, relatorios: [], relatoriosAdministrativos: [] }));
          }}
        />
      </div>
      {values.contratoId !== null && (
        <>
          <ReportChecklist
            legend="Relatórios"
            items={offeredReports}
            chosen={chosenReports}
            onChange={(ids) => set('relatorios', ids)}
            emptyText={period ? 'Nenhum relatório disponível neste período.' : 'Nenhum relatório disponível para este contrato.'}
            loading={reports.status === 'loading'}
            error={errors.relatorios}
          />
          <ReportChecklist
            legend="Relatórios administrativos"
            items={offeredAdmins}
            chosen={chosenAdmins}
            onChange={(ids) => set('relatoriosAdministrativos', ids)}
            emptyText={
              period
                ? 'Nenhum relatório administrativo disponível neste período.'
                : 'Nenhum relatório administrativo disponível para este contrato.'
            }
            loading={adminReports.status === 'loading'}
          />
          <Text aria-live="polite" fontWeight="semibold">
            Total de horas: {horas.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h
          </Text>
        </>
      )}
      <TextField
        label="Código de contratação"
        required
        maxLength={50}
        autoComplete="off"
        name="codigoContratacao"
        value={values.codigoContratacao}
        onValueChange={(value) => set('codigoContratacao', value)}
        error={errors.codigoContratacao}
      />
      <MaskedInput
        label="Período de realização"
        required
        numeric
        name="periodoRealizacao"
        placeholder="dd/mm/aaaa - dd/mm/aaaa"
        helperText={contract ? `Dentro do contrato: ${formatDay(contract.inicio)} a ${formatDay(contract.fim)}` : undefined}
        mask={maskPeriod}
        value={values.periodoRealizacao}
        onValueChange={(value) => set('periodoRealizacao', value)}
        error={errors.periodoRealizacao}
      />
      <HStack gap="4" align="start" wrap="wrap">
        <Stack flex="1" minW="12rem">
          <TextField
            label="Número"
            required
            maxLength={30}
            autoComplete="off"
            name="numero"
            value={values.numero}
            onValueChange={(value) => set('numero', value)}
            error={errors.numero}
            helperText={number.status === 'loading' ? 'Obtendo o número…' : undefined}
          />
        </Stack>
        <Stack flex="1" minW="12rem">
          <MoneyInput
            label="Total"
            required
            name="total"
            value={values.total}
            onValueChange={(cents) => set('total', cents)}
            error={errors.total}
          />
        </Stack>
      </HStack>
      <Fieldset.Root>
        <Fieldset.Legend fontSize="md" fontWeight="semibold">
          Anexos
        </Fieldset.Legend>
        <Fieldset.Content>
          {process && process.arquivos.length > 0 && (
            <Stack gap="2">
              {process.arquivos.map((file) => {
                const off = removed.includes(file.arquivoId);
                return (
                  <HStack key={file.arquivoId} justify="space-between" gap="3" wrap="wrap" borderWidth="1px" rounded="md" px="3" py="2">
                    <Text overflowWrap="anywhere" textDecoration={off ? 'line-through' : undefined}>
                      {file.nome}
                    </Text>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setRemoved((ids) => (off ? ids.filter((id) => id !== file.arquivoId) : [...ids, file.arquivoId]))}
                    >
                      {off ? `Manter ${file.nome}` : `Remover ${file.nome}`}
                    </Button>
                  </HStack>
                );
              })}
            </Stack>
          )}
          <AttachmentsField files={files} onChange={(update) => setFiles(update)} keptBytes={kept.reduce((s, f) => s + f.tamanho, 0)} />
        </Fieldset.Content>
      </Fieldset.Root>
      {values.total !== null && (
        <Text color="fg.muted" textStyle="sm">
          Total do processo: {formatMoney(values.total / 100)}
        </Text>
      )}
    </FormDialogForm>
  );
}

function formatDay(iso: string): string {
  return isoToBr(iso.slice(0, 10)) ?? iso;
}
