import { Alert, Box, Text } from '@chakra-ui/react';
import { useMemo, useRef, type RefObject } from 'react';
import { z } from 'zod';
import { FOLLOWUP_MESSAGES } from '../../../domain/followups.ts';
import { ERROR_MESSAGES, REQUIRED_FIELD } from '../../../domain/messages.ts';
import { canSeeAxis } from '../../../domain/permissions.ts';
import { followups } from '../../../entities/followups/data.ts';
import { useThemes } from '../../../entities/themes/data.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../../ui/form-dialog.tsx';

const newFollowupFormSchema = z.object({
  temaId: z
    .number()
    .nullable()
    .refine((value) => value !== null, REQUIRED_FIELD),
});

export type NewFollowupDialogProps = {
  open: boolean;
  municipioId: number;
  onClose: () => void;
  /** The new follow-up (or the theme's open one) to open. */
  onCreated: (acompanhamentoId: number) => void;
};

/** Novo Acompanhamento (spec §2): a theme, what creating it discounts, then the new follow-up opens. */
export function NewFollowupDialog({ open, municipioId, onClose, onCreated }: NewFollowupDialogProps) {
  const fieldRef = useRef<HTMLDivElement>(null);
  // The combo's input is the first field; the dialog focuses it when it opens.
  const focusRef = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return fieldRef.current?.querySelector('input') ?? null;
      },
    }),
    [],
  );
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={focusRef}>
      <NewFollowupForm municipioId={municipioId} onClose={onClose} onCreated={onCreated} fieldRef={fieldRef} />
    </FormDialog>
  );
}

function NewFollowupForm({
  municipioId,
  onClose,
  onCreated,
  fieldRef,
}: Omit<NewFollowupDialogProps, 'open'> & { fieldRef: RefObject<HTMLDivElement | null> }) {
  const ctx = usePermissionContext();
  const themes = useThemes();
  const form = useSchemaForm(newFollowupFormSchema, { temaId: null });
  const temaId = form.values.temaId;
  const pending = followups.usePendingPoints(municipioId, temaId);
  // Spec §6: only themes of the axes the user sees in this municipality.
  const options = useMemo(
    () =>
      themes.status === 'ready'
        ? themes.data.filter((t) => ctx !== null && canSeeAxis(ctx, t.eixoId, municipioId)).map((t) => ({ value: t.temaId, label: t.nome }))
        : [],
    [ctx, municipioId, themes],
  );
  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      // A failure is shown in the dialog, which stays open.
      const created = await followups.create({ municipioId, temaId: data.temaId! }, { inline: true });
      if (!created.ok) return created;
      onClose();
      if (created.data) onCreated(created.data.acompanhamentoId);
    },
    ERROR_MESSAGES.createFollowUpFailed,
  );

  return (
    <FormDialogForm title="Novo Acompanhamento" onClose={onClose} submit={submit} submitLabel="Criar" pendingLabel="Criando…">
      <Box ref={fieldRef}>
        <Combo
          label="Tema"
          required
          options={options}
          loading={themes.status === 'loading'}
          emptyText={currentVocabulary().empty.themes}
          value={temaId}
          onValueChange={(value) => form.setValue('temaId', value)}
          error={form.errors.temaId}
        />
      </Box>
      {pending.status === 'ready' && (
        <Text role="status">
          Ao criar este acompanhamento serão descontados {pending.data.pontosNaoEvidenciados}{' '}
          {pending.data.pontosNaoEvidenciados === 1 ? 'ponto' : 'pontos'} de questões não evidenciadas.
        </Text>
      )}
      {pending.status === 'ready' && pending.data.perguntasRejeitadas && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{FOLLOWUP_MESSAGES.rejectedEvidence}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </FormDialogForm>
  );
}
