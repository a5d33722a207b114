import { Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { DigitsInput } from '../../../ui/masked-input.tsx';
import { RichTextEditor } from '../../../ui/rich-text-editor.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { AdminReportDraft, AdminReportField } from '../form-logic.ts';

export type AdminReportFieldsProps = {
  draft: AdminReportDraft;
  errors: Partial<Record<AdminReportField, string>>;
  set: <K extends AdminReportField>(field: K, value: AdminReportDraft[K]) => void;
  disabled?: boolean;
};

/** Título, Horas and Descrição of an administrative report: the same fields for a new report and the author's edit. */
export function AdminReportFields({ draft, errors, set, disabled = false }: AdminReportFieldsProps) {
  const descriptionErrorId = useId();
  return (
    <>
      <TextField
        label="Título"
        value={draft.titulo}
        onValueChange={(v) => set('titulo', v)}
        error={errors.titulo}
        aria-invalid={errors.titulo ? true : undefined}
        maxLength={200}
        disabled={disabled}
      />
      <DigitsInput
        label="Horas"
        value={draft.horas}
        onValueChange={(v) => set('horas', v)}
        error={errors.horas}
        aria-invalid={errors.horas ? true : undefined}
        maxDigits={6}
        helperText="Somente números."
        maxW="12rem"
        disabled={disabled}
      />
      <Stack gap="1.5">
        <Text as="span" fontWeight="medium" textStyle="sm">
          Descrição
        </Text>
        <RichTextEditor
          label="Descrição"
          value={draft.descricao}
          onChange={(html) => set('descricao', html)}
          invalid={Boolean(errors.descricao)}
          describedBy={errors.descricao ? descriptionErrorId : undefined}
        />
        {errors.descricao && (
          <Text id={descriptionErrorId} textStyle="sm" color="fg.error">
            {errors.descricao}
          </Text>
        )}
      </Stack>
    </>
  );
}
