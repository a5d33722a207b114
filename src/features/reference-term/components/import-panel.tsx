import { Box, Button, Card, Heading, HStack, Input, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatBytes } from '../../../domain/format.ts';
import {
  lineErrorText,
  lineErrors,
  REFERENCE_TERM_COLUMNS,
  REFERENCE_TERM_MAX_BYTES,
  REFERENCE_TERM_MESSAGES as M,
  type PreviewLine,
  type TermLine,
  type TermPreview,
} from '../../../domain/reference-term.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { TableClip } from '../../../ui/list-screen.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { referenceTerms, type CommandFailure } from '../data.ts';
import { referenceTermHref } from '../paths.ts';

type Step =
  | { step: 'idle' }
  | { step: 'sending'; file: File }
  | { step: 'preview'; preview: TermPreview; lines: PreviewLine[] }
  | { step: 'writing'; preview: TermPreview; lines: PreviewLine[] };

const failureText = (failure: CommandFailure) => (failure.reason === 'session' ? null : failure.message);

const COLUMNS = REFERENCE_TERM_COLUMNS;

/**
 * The sheet import: the file goes up with its progress, the server answers each line with its
 * problems, and nothing is written yet. A bad line is corrected here (checked again as it is
 * typed, by the server's own rule); "Confirmar" stays disabled while any line has a problem and
 * writes the whole term at once, replacing the current one.
 */
export function ImportPanel({ municipioId }: { municipioId: number }) {
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const navigate = useNavigate();
  const controller = useRef<AbortController | null>(null);

  async function send(file: File | undefined) {
    setError(null);
    if (!file) {
      setError(M.noFile);
      return;
    }
    if (file.size > REFERENCE_TERM_MAX_BYTES) {
      setError(M.tooLarge);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'sending', file });
    const read = await referenceTerms.upload.preview({ municipioId, file, signal: abort.signal }, { inline: true });
    if (abort.signal.aborted) return;
    if (!read.ok) {
      setState({ step: 'idle' });
      setError(failureText(read));
      return;
    }
    setState({ step: 'preview', preview: read.data, lines: read.data.linhas });
  }

  function fix(linha: number, key: keyof TermLine, value: string) {
    if (state.step !== 'preview') return;
    const lines = state.lines.map((l) => {
      if (l.linha !== linha) return l;
      const next = { ...l, [key]: value };
      return { ...next, erros: lineErrors(next) };
    });
    setState({ ...state, lines });
  }

  async function confirm() {
    if (state.step !== 'preview') return;
    setError(null);
    setState({ ...state, step: 'writing' });
    const written = await referenceTerms.upload.confirm(
      { municipioId, arquivoNome: state.preview.arquivoNome, linhas: state.lines.map(({ erros: _erros, ...line }) => line) },
      { inline: true },
    );
    if (!written.ok) {
      setState({ ...state, step: 'preview' });
      setError(failureText(written));
      return;
    }
    notifySuccess(M.imported);
    navigate(referenceTermHref.term(municipioId));
  }

  const lines = state.step === 'preview' || state.step === 'writing' ? state.lines : [];
  const bad = lines.filter((l) => l.erros.length > 0);
  return (
    <Stack gap="5">
      <Stack gap="2">
        <Text>
          Baixe o modelo, preencha uma linha por atividade (com o nome da fase repetido) e envie a planilha. Confira a prévia: nada é
          gravado até você confirmar, e a confirmação substitui todas as fases e atividades do termo atual.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => void referenceTerms.upload.downloadTemplate(undefined)}>
            Baixar modelo
          </Button>
        </HStack>
      </Stack>
      <Stack gap="1">
        <label htmlFor={inputId}>
          <Text fontWeight="medium">Planilha do termo de referência (.xlsx, até {formatBytes(REFERENCE_TERM_MAX_BYTES)})</Text>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={state.step === 'sending' || state.step === 'writing'}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            // The same file chosen again (after fixing it) must be read again.
            event.target.value = '';
          }}
        />
      </Stack>
      {(state.step === 'sending' || state.step === 'writing') && (
        <Working label={state.step === 'sending' ? `Enviando e conferindo ${state.file.name}…` : 'Gravando o termo de referência…'} />
      )}
      {error && <ServerAlert status="error">{error}</ServerAlert>}
      {(state.step === 'preview' || state.step === 'writing') && (
        <Preview preview={state.preview} lines={lines} bad={bad} onFix={fix} writing={state.step === 'writing'} onConfirm={() => void confirm()} />
      )}
    </Stack>
  );
}

/** Work whose length the screen cannot know (the server reads or writes the whole sheet at once). */
function Working({ label }: { label: string }) {
  return (
    <Progress.Root value={null} size="sm">
      <Progress.Label textStyle="sm">{label}</Progress.Label>
      <Progress.Track aria-label={label}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Preview({
  preview,
  lines,
  bad,
  onFix,
  writing,
  onConfirm,
}: {
  preview: TermPreview;
  lines: PreviewLine[];
  bad: PreviewLine[];
  onFix: (linha: number, key: keyof TermLine, value: string) => void;
  writing: boolean;
  onConfirm: () => void;
}) {
  const headingId = useId();
  const phases = new Set(lines.map((l) => l.fase.trim().toLowerCase()).filter(Boolean)).size;
  const columns = useMemo<Array<DataColumn<PreviewLine>>>(
    () => [
      { key: 'linha', header: 'Linha', width: '5rem' },
      { key: 'fase', header: 'Fase', truncate: 40 },
      { key: 'atividade', header: 'Atividade', rowHeader: true, truncate: 40 },
      { key: 'inicio', header: 'Início', width: '7rem' },
      { key: 'fim', header: 'Fim', width: '7rem' },
      { key: 'horas', header: 'Horas', width: '5rem', align: 'end' },
      { key: 'responsavel', header: 'Responsável', truncate: 30 },
      { key: 'erros', header: 'Erros', cardPriority: 1, value: (l) => (l.erros.length ? l.erros.join('; ') : 'OK') },
    ],
    [],
  );
  return (
    <Stack gap="4">
      <Heading as="h3" size="md" id={headingId}>
        Prévia de {preview.arquivoNome}: {lines.length} {lines.length === 1 ? 'linha' : 'linhas'}, {phases} {phases === 1 ? 'fase' : 'fases'}
      </Heading>
      {bad.length > 0 ? (
        <Text color="red.fg" role="alert" fontWeight="medium">
          {bad.length === 1 ? '1 linha tem erros' : `${bad.length} linhas têm erros`}: corrija-as abaixo ou envie a planilha corrigida. Nada foi gravado.
        </Text>
      ) : (
        <Text color="green.fg" role="status">
          Nenhum erro encontrado. Confirme para gravar o termo.
        </Text>
      )}
      {bad.slice(0, 50).map((line) => (
        <Card.Root key={line.linha} borderColor="red.muted">
          <Card.Body>
            <Stack gap="3">
              <Text fontWeight="medium" color="red.fg">
                {lineErrorText(line.linha, line.erros)}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {COLUMNS.map((c) => (
                  <Box key={c.key}>
                    <label>
                      <Text textStyle="sm">
                        {c.header} (linha {line.linha})
                      </Text>
                      <Input size="sm" value={line[c.key]} onChange={(event) => onFix(line.linha, c.key, event.target.value)} />
                    </label>
                  </Box>
                ))}
              </SimpleGrid>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
      <TableClip>
        <DataTable
          labelledBy={headingId}
          rows={lines}
          columns={columns}
          rowKey={(l) => l.linha}
          emptyText="Nenhuma linha retornada"
          rowTone={(l) => (l.erros.length ? 'danger' : undefined)}
          maxHeight="28rem"
        />
      </TableClip>
      <HStack>
        <Button onClick={onConfirm} disabled={bad.length > 0} loading={writing} loadingText="Gravando…">
          Confirmar e gravar
        </Button>
      </HStack>
    </Stack>
  );
}
