import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FOLLOWUP_MESSAGES, type DiagnosticState } from '../../../domain/followups.ts';
import { formatDate } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { DiagnosticFrame, SituationBadge } from '../components/diagnostic-frame.tsx';
import { InvalidMunicipality } from '../components/invalid-municipality.tsx';
import { diagnosticData, type DiagnosticAnswerInput } from '../data.ts';
import { diagnosticHref } from '../paths.ts';

const SENT = 'Diagnóstico enviado com sucesso';

/**
 * /diagnostico/:id: the municipality's diagnostic situation, its answers to questions 112-114
 * (113-114 for partners, as the server sends them), sending it, its PDF and the way to its themes.
 */
export function DiagnosticScreen() {
  const municipioId = parseRouteId(useParams().id);
  if (municipioId === null) return <InvalidMunicipality />;
  // Keyed: another municipality's diagnostic starts from its own state, not this one's answers.
  return <Diagnostic key={municipioId} municipioId={municipioId} />;
}

function Diagnostic({ municipioId }: { municipioId: number }) {
  const remote = diagnosticData.useDiagnostic(municipioId);
  const headingId = useId();
  const [confirm, confirmDialog] = useConfirm();
  // Every write answers with the whole diagnostic: shown at once, no second read.
  const [latest, setLatest] = useState<DiagnosticState | null>(null);
  const [saving, setSaving] = useState<DiagnosticAnswerInput | 'enviar' | null>(null);
  const [downloading, setDownloading] = useState(false);

  const state = latest ?? (remote.status === 'ready' ? remote.data : null);
  const sent = state?.situacao === 'Enviado';
  const busy = saving !== null;

  async function answer(input: DiagnosticAnswerInput) {
    setSaving(input);
    const saved = await diagnosticData.updateDiagnosticAnswer(input);
    if (saved.ok) setLatest(saved.data);
    setSaving(null);
  }

  async function send() {
    const confirmed = await confirm({
      title: 'Enviar diagnóstico',
      body: 'Depois de enviado, o diagnóstico não poderá mais ser alterado. Confirma o envio?',
      confirmLabel: 'Enviar',
      cancelLabel: 'Cancelar',
    });
    if (!confirmed) return;
    setSaving('enviar');
    const sentNow = await diagnosticData.sendDiagnostic(municipioId);
    if (sentNow.ok) {
      setLatest(sentNow.data);
      notifySuccess(SENT);
    }
    setSaving(null);
  }

  async function download() {
    setDownloading(true);
    await diagnosticData.downloadDiagnosticPdf(municipioId);
    setDownloading(false);
  }

  return (
    <DiagnosticFrame municipioId={municipioId} headingId={headingId}>
      {confirmDialog}
      {remote.status === 'error' && !latest ? (
        <LoadError message="Não foi possível carregar o diagnóstico." onRetry={remote.reload} />
      ) : !state ? (
        <LoadingState label="Carregando diagnóstico…" />
      ) : (
        <Stack gap="6">
          <HStack gap="3" wrap="wrap">
            <Text fontWeight="medium">Situação:</Text>
            <SituationBadge situacao={state.situacao} />
            {state.enviadoEm && <Text color="fg.muted">Enviado em {formatDate(state.enviadoEm)}</Text>}
          </HStack>

          {sent && (
            <Text color="fg.muted" role="status">
              {FOLLOWUP_MESSAGES.diagnosticSent}
            </Text>
          )}

          {state.respostas.length > 0 && (
            <Stack gap="3" as="section" aria-label="Perguntas do diagnóstico">
              {state.respostas.map((pergunta) => (
                <Card.Root key={pergunta.perguntaId} size="sm">
                  <Card.Body>
                    <Stack gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
                      <Text id={`diagnostico-pergunta-${pergunta.perguntaId}`} overflowWrap="anywhere">
                        {pergunta.texto}
                      </Text>
                      <AnswerButtons
                        labelledBy={`diagnostico-pergunta-${pergunta.perguntaId}`}
                        value={pergunta.resposta}
                        disabled={sent || busy}
                        saving={
                          saving !== null && saving !== 'enviar' && saving.perguntaId === pergunta.perguntaId ? saving.resposta : null
                        }
                        onAnswer={(resposta) =>
                          void answer({ municipioId, perguntaId: pergunta.perguntaId as DiagnosticAnswerInput['perguntaId'], resposta })
                        }
                      />
                    </Stack>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}

          <HStack gap="3" wrap="wrap">
            <Button onClick={() => void send()} disabled={sent || busy} loading={saving === 'enviar'}>
              Enviar diagnóstico
            </Button>
            <Button variant="outline" onClick={() => void download()} loading={downloading}>
              Download PDF
            </Button>
          </HStack>

          <Box>
            <Heading as="h2" size="md" mb="1">
              Questionário por tema
            </Heading>
            <Text color="fg.muted" mb="2">
              {state.temas.length === 1 ? '1 tema' : `${state.temas.length} temas`} no diagnóstico.
            </Text>
            <AppLink to={diagnosticHref.themes(municipioId)}>Ver temas do diagnóstico</AppLink>
          </Box>
        </Stack>
      )}
    </DiagnosticFrame>
  );
}

type AnswerButtonsProps = {
  labelledBy: string;
  value: boolean | null;
  disabled: boolean;
  /** The answer being saved, which spins. */
  saving: boolean | null;
  onAnswer: (resposta: boolean) => void;
};

/** Sim (green) and Não (red), pressed when chosen: the choice reads from aria-pressed and the fill, not colour alone. */
function AnswerButtons({ labelledBy, value, disabled, saving, onAnswer }: AnswerButtonsProps) {
  const option = (resposta: boolean, label: string, palette: string) => {
    const pressed = value === resposta;
    return (
      <Button
        size="sm"
        minW="20"
        colorPalette={palette}
        variant={pressed ? 'solid' : 'outline'}
        // The default solid green (600) holds white text below 4.5:1; the 700 shades hold it above.
        bg={pressed ? `${palette}.700` : undefined}
        _hover={pressed ? { bg: `${palette}.800` } : undefined}
        aria-pressed={pressed}
        disabled={disabled}
        loading={saving === resposta}
        onClick={() => {
          if (!pressed) onAnswer(resposta);
        }}
      >
        {label}
      </Button>
    );
  };
  return (
    <HStack gap="2" role="group" aria-labelledby={labelledBy} flexShrink="0">
      {option(true, 'Sim', 'green')}
      {option(false, 'Não', 'red')}
    </HStack>
  );
}
