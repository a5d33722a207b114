import { Button, chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ChangeEvent } from 'react';
import { checkAttachments, MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffVerdict, UPLOAD_MESSAGES, UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { formatBytes } from '../domain/format.ts';
import { notifyError } from '../lib/notify.ts';
import { ProgressBar } from './progress-bar.tsx';

export type AttachmentsFieldProps = {
  files: readonly File[];
  onChange: (update: (files: File[]) => File[]) => void;
  disabled?: boolean;
  /** Bytes the record already holds on the server (an edit): they count toward the 25 MB too. */
  keptBytes?: number;
  /** While an online save uploads the files: bytes sent of all of them. */
  uploading?: { sentBytes: number; totalBytes: number } | null;
};

/** The type by the file's first bytes, as the server checks it: a refused file is refused now, not after an upload. */
async function refusedType(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return !sniffVerdict('anexo', head, file.size).ok;
}

/**
 * The attachments picker of every report form: several files, each listed with its size and
 * removable before saving; spec §5/§9: at most 25 MB in all. The files stay in memory until the
 * form saves them (through the outbox, or uploaded at once for an online edit).
 */
export function AttachmentsField({ files, onChange, disabled = false, keptBytes = 0, uploading = null }: AttachmentsFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const total = keptBytes + files.reduce((sum, f) => sum + f.size, 0);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const sized = checkAttachments([{ size: keptBytes }, ...files], chosen);
    let problem = sized.ok ? null : sized.message;
    for (const file of chosen) {
      if (problem) break;
      if (await refusedType(file)) problem = `${file.name}: ${UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES.anexo.label)}`;
    }
    setError(problem);
    if (problem) {
      notifyError(problem);
      return;
    }
    onChange((current) => [...current, ...chosen]);
  }

  return (
    <Stack gap="3">
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
          <label htmlFor={inputId}>Adicionar anexos</label>
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
      {uploading && (
        <ProgressBar
          label="Enviando anexos"
          value={uploading.sentBytes}
          max={uploading.totalBytes}
          valueText={`${formatBytes(uploading.sentBytes)} de ${formatBytes(uploading.totalBytes)}`}
        />
      )}
      {files.length === 0 ? (
        <Text color="fg.muted">Nenhum anexo escolhido.</Text>
      ) : (
        <List.Root as="ul" listStyle="none" gap="2" aria-label="Anexos escolhidos">
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
                  aria-label={`Remover anexo ${file.name}`}
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
