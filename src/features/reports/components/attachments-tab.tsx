import { Button, chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffVerdict, UPLOAD_MESSAGES, UPLOAD_PURPOSES } from '../../../domain/uploads.ts';
import { notifyError } from '../../../ui/notify.ts';
import { checkAttachments, formatBytes } from '../form-logic.ts';

export type AttachmentsTabProps = {
  files: readonly File[];
  onChange: (update: (files: File[]) => File[]) => void;
  disabled?: boolean;
};

/** The type by the file's first bytes, as the server checks it: a refused file is refused now, not after an upload. */
async function refusedType(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return !sniffVerdict('anexo', head, file.size).ok;
}

/**
 * Spec §2 "Attachments": several files, each listed with its size and removable before saving.
 * Spec §5/§9: at most 25 MB in all. The files stay in memory until Finalizar, when the outbox
 * stores them on the device and uploads them (offline: later).
 */
export function AttachmentsTab({ files, onChange, disabled = false }: AttachmentsTabProps) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const total = files.reduce((sum, f) => sum + f.size, 0);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const sized = checkAttachments(files, chosen);
    if (!sized.ok) {
      setError(sized.message);
      notifyError(sized.message);
      return;
    }
    for (const file of chosen) {
      if (await refusedType(file)) {
        const message = `${file.name}: ${UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES.anexo.label)}`;
        setError(message);
        notifyError(message);
        return;
      }
    }
    setError(null);
    onChange((current) => [...current, ...chosen]);
  }

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <chakra.input
          id={inputId}
          type="file"
          multiple
          className="peer"
          srOnly
          disabled={disabled}
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void choose(event)}
        />
        <Button
          asChild
          variant="outline"
          cursor="pointer"
          aria-disabled={disabled || undefined}
          _peerFocusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        >
          <label htmlFor={inputId}>Adicionar arquivos</label>
        </Button>
        <Text id={helpId} textStyle="sm" color="fg.muted">
          {UPLOAD_PURPOSES.anexo.label}; até 25 MB no total. Usados: {formatBytes(total)} de {formatBytes(MAX_UPLOAD_BYTES)}.
        </Text>
      </HStack>
      {error && (
        <Text id={errorId} role="alert" textStyle="sm" color="fg.error">
          {error}
        </Text>
      )}
      {files.length === 0 ? (
        <Text color="fg.muted">Nenhum arquivo anexado.</Text>
      ) : (
        <List.Root as="ul" listStyle="none" gap="2" aria-label="Arquivos anexados">
          {files.map((file, index) => (
            <List.Item key={`${file.name}-${file.size}-${file.lastModified}-${index}`}>
              <HStack justify="space-between" gap="3" borderWidth="1px" rounded="md" px="3" py="2" wrap="wrap">
                <Text minW="0" overflowWrap="anywhere">
                  {file.name}{' '}
                  <Text as="span" color="fg.muted">
                    ({formatBytes(file.size)})
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  disabled={disabled}
                  aria-label={`Remover arquivo ${file.name}`}
                  onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
                >
                  Remover
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
