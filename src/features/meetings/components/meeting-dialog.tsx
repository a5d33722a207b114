import { Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { useId, useState, type SubmitEvent } from 'react';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { useOnline } from '../../../lib/online.ts';
import { CONFIRM_MESSAGES } from '../../../domain/confirm-messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { focusFirstInvalid } from '../../../ui/form.ts';
import { sameValue, useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { meetings } from '../data.ts';
import { checkMeetingValues, meetingErrorsFromIssues, type MeetingFormErrors, type MeetingFormValues } from '../form-logic.ts';
import { MeetingFields } from './meeting-fields.tsx';

export type MeetingDialogState =
  { mode: 'create'; values: MeetingFormValues } | { mode: 'edit'; encontroId: number; values: MeetingFormValues; temRelatorio: boolean };

type Props = {
  /** null while closed. */
  state: MeetingDialogState | null;
  onClose: () => void;
  onSaved: () => void;
  municipioId: number;
  words: Pick<Vocabulary, 'solution' | 'task' | 'empty' | 'meeting'>;
  canEdit: boolean;
  needsTask: boolean;
};

/** Create, edit or delete one meeting of the city's calendar (spec §2). Writes need the network. */
export function MeetingDialog({ state, onClose, ...rest }: Props) {
  return (
    <DialogShell open={state !== null} onClose={onClose} size={800} scrollInside keepOnOutsideClick>
      {state && <MeetingForm key={state.mode === 'edit' ? state.encontroId : 'novo'} state={state} onClose={onClose} {...rest} />}
    </DialogShell>
  );
}

function MeetingForm({ state, onClose, onSaved, municipioId, words, canEdit, needsTask }: Props & { state: MeetingDialogState }) {
  // Loaded when the dialog opens, from the device first, so an open meeting reads offline too.
  const choices = meetings.useChoices(municipioId);
  const formId = useId();
  const online = useOnline();
  const [values, setValues] = useState(state.values);
  const [errors, setErrors] = useState<MeetingFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState<'save' | 'delete' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const [formEl, setFormEl] = useState<HTMLFormElement | null>(null);
  useUnsavedChanges(!sameValue(values, state.values));

  const noun = words.meeting.singular;
  const article = words.meeting.gender === 'f' ? 'a' : 'o';
  const rule = { needsTask, task: words.task };
  const readOnly = !canEdit;
  const title =
    state.mode === 'create'
      ? `${words.meeting.gender === 'f' ? 'Nova' : 'Novo'} ${noun}`
      : readOnly
        ? noun
        : `Editar ${noun.toLowerCase()}`;

  function change<F extends keyof MeetingFormValues>(field: F, value: MeetingFormValues[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const check = checkMeetingValues(next, municipioId, rule);
      setErrors(check.ok ? {} : check.errors);
    }
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || readOnly) return;
    setSubmitted(true);
    const check = checkMeetingValues(values, municipioId, rule);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstInvalid(formEl);
      return;
    }
    setErrors({});
    setServerError(null);
    setPending('save');
    // Shown in the dialog, which stays open with what was typed (a 401 has already ended the session).
    const options = {
      inline: true,
      failure: { message: `Não foi possível salvar ${article} ${noun.toLowerCase()}. Verifique sua conexão e tente novamente.` },
    };
    const saved =
      state.mode === 'edit'
        ? await meetings.update({ ...check.input, encontroId: state.encontroId }, options)
        : await meetings.create(check.input, options);
    setPending(null);
    if (!saved.ok) {
      if (saved.reason === 'session') return;
      if (saved.reason === 'invalid') setErrors(meetingErrorsFromIssues(saved.issues));
      setServerError(saved.message);
      focusFirstInvalid(formEl);
      return;
    }
    notifySuccess(`${noun} ${state.mode === 'edit' ? 'atualizad' : 'criad'}${article} com sucesso`);
    onSaved();
    onClose();
  }

  async function remove() {
    if (state.mode !== 'edit') return;
    const confirmed = await confirm({
      title: `Excluir ${noun.toLowerCase()}`,
      body: `Confirma que deseja excluir ${article} ${noun.toLowerCase()}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setServerError(null);
    setPending('delete');
    const removed = await meetings.remove(state.encontroId, {
      inline: true,
      failure: { message: `Não foi possível excluir ${article} ${noun.toLowerCase()}.` },
    });
    setPending(null);
    if (!removed.ok) {
      if (removed.reason !== 'session') setServerError(removed.message);
      return;
    }
    notifySuccess(`${noun} excluíd${article} com sucesso`);
    onSaved();
    onClose();
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} ref={setFormEl} noValidate onSubmit={(event) => void save(event)}>
          <Stack gap="4">
            {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
            {!online && canEdit && (
              <Text role="status" textStyle="sm" color="fg.warning">
                {`Sem conexão: ${article}s ${words.meeting.plural.toLowerCase()} só podem ser ${state.mode === 'create' ? 'criad' : 'alterad'}${article}s com a internet.`}
              </Text>
            )}
            {readOnly && (
              <Text textStyle="sm" color="fg.muted">
                Você pode consultar, mas não alterar, o calendário deste município.
              </Text>
            )}
            <MeetingFields
              values={values}
              errors={errors}
              onChange={change}
              choices={choices}
              words={words}
              withTimes
              needsTask={needsTask}
              disabled={readOnly || pending !== null}
            />
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack justify="space-between" w="full" gap="3" wrap="wrap">
          {state.mode === 'edit' && canEdit ? (
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => void remove()}
              loading={pending === 'delete'}
              disabled={!online || pending !== null || state.temRelatorio}
              title={state.temRelatorio ? `${noun} com relatório não pode ser excluíd${article}` : undefined}
            >
              Excluir
            </Button>
          ) : (
            <span />
          )}
          <HStack gap="3">
            <Button variant="outline" onClick={onClose} disabled={pending !== null}>
              {readOnly ? 'Fechar' : 'Cancelar'}
            </Button>
            {!readOnly && (
              <Button
                type="submit"
                form={formId}
                loading={pending === 'save'}
                loadingText="Salvando…"
                disabled={!online || pending !== null}
              >
                Salvar
              </Button>
            )}
          </HStack>
        </HStack>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fechar" disabled={pending !== null} />
      </Dialog.CloseTrigger>
      {confirmDialog}
    </>
  );
}
