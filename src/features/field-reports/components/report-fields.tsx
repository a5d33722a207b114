import { Box } from '@chakra-ui/react';
import { digitsOnly } from '../../../domain/format.ts';
import { EXECUTION_TYPES } from '../../../domain/field-reports.ts';
import { DateTimeField } from '../../../ui/date-field.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { ReportDraft, ReportFormRules } from '../form-logic.ts';
import { useReportWords } from './use-report-words.ts';
import { SelectField } from '../../../ui/select-field.tsx';

export type ReportFieldKey =
  | 'descricao'
  | 'encontroId'
  | 'tipoExecucaoRelatorioId'
  | 'horasUtilizadasString'
  | 'pjAtendidas'
  | 'pfAtendidas'
  | 'inicioString'
  | 'fimString'
  | 'titulo'
  | 'observacoes';

export type ReportFieldErrors = Partial<Record<ReportFieldKey, string>>;

export type ReportFieldsProps = {
  draft: ReportDraft;
  errors: ReportFieldErrors;
  update: (patch: Partial<ReportDraft>, field: ReportFieldKey) => void;
  /**
   * The form's rules of the state (reportFormRules): executionRequired, spec §5: the execution type and
   * the hours are required in SC, MS, BA, SP, MA and RJ; showPf / showPj, the counts asked.
   */
  rules: Pick<ReportFormRules, 'executionRequired' | 'showPf' | 'showPj'>;
  /** False: the hours are the sum of the fulfilled tasks, not typed (see hoursEditable). */
  hoursTyped: boolean;
};

const digits = (raw: string) => digitsOnly(raw).slice(0, 6);

/**
 * The report's own fields after the meeting, shared by the new-report form and the author's edit:
 * title, execution type, start and end, hours used and the counts of people and companies
 * attended (spec §2; digits only, §5). Rendered as cells of the caller's grid.
 */
export function ReportFields({ draft, errors, update, rules, hoursTyped }: ReportFieldsProps) {
  const { executionRequired, showPf, showPj } = rules;
  // "tarefas", "atividades" or "iniciativas", for the hours' explanation.
  const tasksWord = useReportWords().tasksLabel.toLowerCase();
  return (
    <>
      <Box gridColumn={{ md: 'span 2' }}>
        <TextField
          label="Título"
          value={draft.titulo}
          maxLength={200}
          error={errors.titulo}
          onValueChange={(titulo) => update({ titulo }, 'titulo')}
        />
      </Box>
      <SelectField
        label="Tipo de execução"
        required={executionRequired}
        placeholder="Selecione"
        options={EXECUTION_TYPES.map((t) => ({ value: String(t.id), label: t.nome }))}
        value={draft.tipoExecucaoRelatorioId}
        error={errors.tipoExecucaoRelatorioId}
        onValueChange={(tipoExecucaoRelatorioId) => update({ tipoExecucaoRelatorioId }, 'tipoExecucaoRelatorioId')}
      />
      <DateTimeField
        label="Início"
        value={draft.inicioString}
        error={errors.inicioString}
        onValueChange={(inicioString) => update({ inicioString }, 'inicioString')}
      />
      <DateTimeField
        label="Fim"
        value={draft.fimString}
        error={errors.fimString}
        onValueChange={(fimString) => update({ fimString }, 'fimString')}
      />
      <MaskedInput
        label="Horas utilizadas"
        mask={digits}
        numeric
        required={executionRequired}
        readOnly={!hoursTyped}
        value={draft.horasUtilizadasString}
        error={errors.horasUtilizadasString}
        helperText={hoursTyped ? undefined : `Soma das horas das ${tasksWord} cumpridas.`}
        onValueChange={(horasUtilizadasString) => update({ horasUtilizadasString }, 'horasUtilizadasString')}
      />
      {showPf && (
        <MaskedInput
          label="Pessoas físicas atendidas"
          mask={digits}
          numeric
          value={draft.pfAtendidas}
          error={errors.pfAtendidas}
          onValueChange={(pfAtendidas) => update({ pfAtendidas }, 'pfAtendidas')}
        />
      )}
      {showPj && (
        <MaskedInput
          label="Empresas atendidas"
          mask={digits}
          numeric
          value={draft.pjAtendidas}
          error={errors.pjAtendidas}
          onValueChange={(pjAtendidas) => update({ pjAtendidas }, 'pjAtendidas')}
        />
      )}
    </>
  );
}
