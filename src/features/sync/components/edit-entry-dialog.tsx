import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { syncData, type OutboxEntry } from '../data.ts';
import { buildPayload, editableFields, errorsByField, initialValues, type PayloadValues } from './payload-form.ts';

export type EditEntryDialogProps = {
  entry: OutboxEntry | null;
  onClose: () => void;
};

/** "Editar" of an item that requires attention: correct what the server refused, then resend. */
export function EditEntryDialog({ entry, onClose }: EditEntryDialogProps) {
  return (
    <DialogShell open={entry !== null} onClose={onClose} closeButton>
      {entry && <EditEntryForm key={entry.id} entry={entry} onClose={onClose} />}
    </DialogShell>
  );
}

function EditEntryForm({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const formId = useId();
  const fields = useMemo(() => editableFields(entry.payload), [entry.payload]);
  const [values, setValues] = useState<PayloadValues>(() => initialValues(entry.payload, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const built = buildPayload(entry.payload, fields, values);
    setErrors(built.errors);
    if (Object.keys(built.errors).length > 0) return;
    setSaving(true);
    const resent = await syncData.resendEntry({ id: entry.id, payload: built.payload }, { inline: true });
    setSaving(false);
    if (resent.ok) {
      notifySuccess('Item corrigido e enviado para a fila');
      onClose();
    } else if (resent.reason === 'invalid') {
      const byField = errorsByField(resent.issues);
      const shown = fields.some((f) => byField[f.key]);
      setErrors(byField);
      // An issue on a field this form does not show must still be read somewhere.
      if (!shown) setFailure(resent.message);
    } else if (resent.reason === 'refused') {
      setFailure(resent.message);
    }
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Editar item da fila</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontWeight="medium">{entry.label}</Text>
          {entry.lastError && <ServerAlert status="error">{entry.lastError.message}</ServerAlert>}
          {failure && <ServerAlert status="error">{failure}</ServerAlert>}
          {fields.length === 0 ? (
            <Text color="fg.muted">Este item não tem campos que possam ser editados aqui. Descarte-o ou tente enviá-lo de novo.</Text>
          ) : (
            <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                {fields.map((field) =>
                  field.kind === 'boolean' ? (
                    <Checkbox.Root
                      key={field.key}
                      checked={values[field.key] === true}
                      onCheckedChange={(details) => setValues((v) => ({ ...v, [field.key]: details.checked === true }))}
                    >
                      <Checkbox.HiddenInput name={field.key} />
                      <Checkbox.Control />
                      <Checkbox.Label>{field.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ) : (
                    <TextField
                      key={field.key}
                      label={field.label}
                      name={field.key}
                      inputMode={field.kind === 'number' ? 'decimal' : undefined}
                      value={String(values[field.key] ?? '')}
                      onValueChange={(text) => setValues((v) => ({ ...v, [field.key]: text }))}
                      error={errors[field.key]}
                    />
                  ),
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        {fields.length > 0 && (
          <Button type="submit" form={formId} loading={saving}>
            Salvar e reenviar
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}
