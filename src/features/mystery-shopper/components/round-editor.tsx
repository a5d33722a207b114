import { Button, Fieldset, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import {
  CHANNEL_LABELS,
  MYSTERY_SHOPPER_MESSAGES as M,
  roundInputSchema,
  roundUpdateSchema,
  type Answers,
  type RoundDetail,
} from '../../../domain/mystery-shopper.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { fieldErrorsFromIssues, useFormSubmit, type FieldErrors } from '../../../ui/form.ts';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RemovableStoredFileList, StoredFileList } from '../../../ui/stored-file-list.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { mysteryShopperData } from '../data.ts';
import { shopperHref } from '../paths.ts';
import { Questionnaire } from './questionnaire.tsx';
import { ScoreSummary } from './score-summary.tsx';
import { VisitFields, type VisitField, type VisitValues } from './visit-fields.tsx';

const visitOf = (r: RoundDetail | null): VisitValues => ({
  grupo: r?.grupo ?? '',
  dataVisita: r?.dataVisita ?? '',
  avaliador: r?.avaliador ?? '',
  canal: r?.canal ?? '',
  observacoes: r?.observacoes ?? '',
});

/** A new round: the visit's fields; the questionnaire opens once it is created. */
export function NewRoundForm() {
  const { municipality } = useCity();
  const navigate = useNavigate();
  const headingId = useId();
  const [values, setValues] = useState<VisitValues>(() => visitOf(null));
  const [errors, setErrors] = useState<FieldErrors<VisitField>>({});
  const submit = useFormSubmit(
    {
      submit: () => {
        const parsed = roundInputSchema.safeParse({ ...values, municipioId: municipality.municipioId });
        setErrors(parsed.success ? {} : fieldErrorsFromIssues<VisitField>(parsed.error.issues));
        return parsed.success ? parsed.data : null;
      },
      setErrors: (next) => setErrors(next as FieldErrors<VisitField>),
    },
    async (input) => {
      const result = await mysteryShopperData.create(input, { inline: true });
      if (!result.ok) return result;
      notifySuccess(M.criada);
      navigate(shopperHref.evaluation(municipality.municipioId, result.data.rodadaId));
    },
    M.erroSalvar,
  );
  return (
    <Stack gap="4" maxW="4xl">
      <PageTitle parts={['Nova rodada', 'Cliente Oculto', municipality.nome]} />
      <ListHeading title="Nova rodada" id={headingId} level={2} kicker="Cliente Oculto" />
      <SubmitForm formRef={submit.formRef} serverError={submit.serverError} handleSubmit={submit.handleSubmit}>
        <VisitFields values={values} errors={errors} onChange={(u) => setValues((v) => ({ ...v, ...u }))} />
        <HStack gap="3" wrap="wrap">
          <SaveButton pending={submit.pending}>Criar rodada</SaveButton>
          <Button variant="outline" onClick={() => navigate(shopperHref.evaluation(municipality.municipioId))}>
            Cancelar
          </Button>
        </HStack>
      </SubmitForm>
    </Stack>
  );
}

/**
 * An open round for an evaluator: the visit, the questionnaire with the score computed as it is
 * answered, the evidence files (sent on the resumable upload when saving), Salvar, Finalizar
 * (saves, then freezes the round and gives the municipality its seal) and Excluir.
 */
export function RoundEditor({ round }: { round: RoundDetail }) {
  const { municipality, reloadMunicipality } = useCity();
  const navigate = useNavigate();
  const headingId = useId();
  const [confirm, confirmDialog] = useConfirm();
  const [values, setValues] = useState<VisitValues>(() => visitOf(round));
  const [answers, setAnswers] = useState<Answers>(() => ({ ...round.respostas }));
  const [errors, setErrors] = useState<FieldErrors<VisitField>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [busy, setBusy] = useState<'finalize' | 'remove' | null>(null);
  const [uploading, setUploading] = useState<{ sentBytes: number; totalBytes: number } | null>(null);

  const bodyOf = () =>
    roundUpdateSchema.safeParse({
      ...values,
      rodadaId: round.rodadaId,
      respostas: answers,
      arquivosRemovidos: removed,
      arquivosUploadIds: [],
    });

  async function send(body: Parameters<typeof mysteryShopperData.save>[0]['body'], inline: boolean) {
    const result = await mysteryShopperData.save(
      { body, files, onProgress: (sentBytes, totalBytes) => setUploading({ sentBytes, totalBytes }) },
      { inline },
    );
    setUploading(null);
    if (result.ok) {
      setFiles([]);
      setRemoved([]);
    }
    return result;
  }

  const submit = useFormSubmit(
    {
      submit: () => {
        const parsed = bodyOf();
        setErrors(parsed.success ? {} : fieldErrorsFromIssues<VisitField>(parsed.error.issues));
        return parsed.success ? parsed.data : null;
      },
      setErrors: (next) => setErrors(next as FieldErrors<VisitField>),
    },
    async (body) => {
      const result = await send(body, true);
      if (!result.ok) return result;
      notifySuccess(M.salva);
    },
    M.erroSalvar,
  );

  async function finalize() {
    const parsed = bodyOf();
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues<VisitField>(parsed.error.issues));
      return;
    }
    const ok = await confirm({
      title: 'Finalizar rodada',
      body: 'Depois de finalizada, a rodada não pode mais ser alterada, e o selo que ela conquistar passa a ser o selo do município. Deseja finalizar?',
    });
    if (!ok) return;
    setBusy('finalize');
    const saved = await send(parsed.data, false);
    const done = saved.ok ? await mysteryShopperData.finalize(round.rodadaId) : saved;
    setBusy(null);
    if (!done.ok) return;
    notifySuccess(M.finalizada);
    reloadMunicipality();
  }

  async function remove() {
    const ok = await confirm({
      title: 'Excluir rodada',
      body: `Confirma que deseja excluir a rodada ${round.grupo} de ${formatDate(round.dataVisita)}? Esta ação não pode ser desfeita.`,
      destructive: true,
    });
    if (!ok) return;
    setBusy('remove');
    const result = await mysteryShopperData.remove(round.rodadaId);
    setBusy(null);
    if (!result.ok) return;
    notifySuccess(M.excluida);
    navigate(shopperHref.evaluation(municipality.municipioId));
  }

  const title = `Rodada ${round.grupo}`;
  return (
    <Stack gap="4" maxW="4xl">
      <PageTitle parts={[title, 'Cliente Oculto', municipality.nome]} />
      {confirmDialog}
      <ListHeading title={title} id={headingId} level={2} kicker="Cliente Oculto · rodada aberta" />
      <SubmitForm formRef={submit.formRef} serverError={submit.serverError} handleSubmit={submit.handleSubmit}>
        <VisitFields values={values} errors={errors} onChange={(u) => setValues((v) => ({ ...v, ...u }))} />
        <Heading as="h3" size="md">
          Questionário
        </Heading>
        <ScoreSummary answers={answers} />
        <Questionnaire
          answers={answers}
          onChange={(id, value) =>
            setAnswers((current) => {
              const next = { ...current };
              if (value === undefined) delete next[id];
              else next[id] = value;
              return next;
            })
          }
        />
        <Fieldset.Root>
          <Fieldset.Legend fontSize="md" fontWeight="semibold">
            Evidências da visita
          </Fieldset.Legend>
          {round.arquivos.length > 0 && (
            <RemovableStoredFileList
              files={round.arquivos}
              download={(f, onProgress) => mysteryShopperData.downloadEvidence({ arquivoId: f.arquivoId, nome: f.nome, onProgress })}
              removed={removed}
              onRemovedChange={setRemoved}
            />
          )}
          <AttachmentsField
            files={files}
            onChange={setFiles}
            uploading={uploading}
            keptBytes={round.arquivos.filter((f) => !removed.includes(f.arquivoId)).reduce((s, f) => s + f.tamanho, 0)}
          />
        </Fieldset.Root>
        <HStack gap="3" wrap="wrap">
          <SaveButton pending={submit.pending} />
          <Button variant="outline" colorPalette="green" loading={busy === 'finalize'} onClick={() => void finalize()}>
            Finalizar rodada
          </Button>
          <Button variant="outline" colorPalette="red" loading={busy === 'remove'} onClick={() => void remove()}>
            Excluir rodada
          </Button>
        </HStack>
      </SubmitForm>
    </Stack>
  );
}

/** A finalized round (or any round for someone who may not evaluate): read-only. */
export function RoundView({ round }: { round: RoundDetail }) {
  const { municipality } = useCity();
  const headingId = useId();
  const title = `Rodada ${round.grupo}`;
  return (
    <Stack gap="4" maxW="4xl">
      <PageTitle parts={[title, 'Cliente Oculto', municipality.nome]} />
      <ListHeading
        title={title}
        id={headingId}
        level={2}
        kicker={
          round.status === 'finalizada'
            ? `Cliente Oculto · finalizada em ${formatDate(round.finalizadaEm)}`
            : 'Cliente Oculto · rodada aberta'
        }
      />
      <Stack gap="1">
        <Text>
          <strong>Data da visita:</strong> {formatDate(round.dataVisita)}
        </Text>
        <Text>
          <strong>Avaliador:</strong> {round.avaliador}
        </Text>
        <Text>
          <strong>Canal:</strong> {CHANNEL_LABELS[round.canal]}
        </Text>
        {round.observacoes && (
          <Text>
            <strong>Observações:</strong> {round.observacoes}
          </Text>
        )}
      </Stack>
      <ScoreSummary
        answers={round.respostas}
        final={round.status === 'finalizada' ? { pontuacao: round.pontuacao, selo: round.selo } : undefined}
      />
      <Questionnaire answers={round.respostas} readOnly />
      <Stack gap="2">
        <Heading as="h3" size="md">
          Evidências da visita
        </Heading>
        <StoredFileList
          files={round.arquivos}
          download={(f, onProgress) => mysteryShopperData.downloadEvidence({ arquivoId: f.arquivoId, nome: f.nome, onProgress })}
          emptyText="Nenhum arquivo."
        />
      </Stack>
    </Stack>
  );
}
