import { Box, Button, Checkbox, Fieldset, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/format.ts';
import {
  PROPOSAL_MESSAGES,
  proposalInputSchema,
  proposalProblems,
  splitInstalments,
  type ProposalDetail,
  type ProposalInput,
} from '../../../domain/proposals.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { AxisCombo, SolutionCombo } from '../../../ui/entity-combos.tsx';
import { fieldErrorsFromIssues, useFormSubmit, type FieldErrors } from '../../../ui/form.ts';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { DigitsInput, MoneyInput } from '../../../ui/masked-input.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RemovableStoredFileList } from '../../../ui/stored-file-list.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { proposals } from '../data.ts';
import { proposalHref } from '../paths.ts';

type Line = { vencimento: string; valor: number | null };
type ExtraLine = { descricao: string; valor: number | null };
type Values = {
  titulo: string;
  solucaoIds: number[];
  eixoIds: number[];
  investimentoMunicipio: number | null;
  contrapartidaSebrae: number | null;
  premium: boolean;
  extras: ExtraLine[];
  parcelas: Line[];
  observacoes: string;
};
type Field = keyof Values | 'valorTotal';

function initialValues(p: ProposalDetail | null): Values {
  return {
    titulo: p?.titulo ?? '',
    solucaoIds: p?.solucoes.map((s) => s.solucaoId) ?? [],
    eixoIds: p?.eixos.map((e) => e.eixoId) ?? [],
    investimentoMunicipio: p?.investimentoMunicipio ?? null,
    contrapartidaSebrae: p?.contrapartidaSebrae ?? null,
    premium: p?.premium ?? false,
    extras: p?.extras ?? [],
    parcelas: p?.parcelas.map(({ vencimento, valor }) => ({ vencimento, valor })) ?? [],
    observacoes: p?.observacoes ?? '',
  };
}

const reais = (cents: number) => formatMoney(cents / 100);
const total = (v: Pick<Values, 'investimentoMunicipio' | 'contrapartidaSebrae'>) =>
  (v.investimentoMunicipio ?? 0) + (v.contrapartidaSebrae ?? 0);

/** What the API takes: the total is the two shares' sum (invariant 2), instalments numbered in order. */
function inputOf(v: Values, municipioId: number): ProposalInput {
  return {
    municipioId,
    titulo: v.titulo,
    solucaoIds: v.solucaoIds,
    eixoIds: v.eixoIds,
    valorTotal: total(v),
    investimentoMunicipio: v.investimentoMunicipio ?? 0,
    contrapartidaSebrae: v.contrapartidaSebrae ?? 0,
    premium: v.premium,
    extras: v.extras.map((e) => ({ descricao: e.descricao, valor: e.valor ?? 0 })),
    parcelas: v.parcelas.map((p, i) => ({ numero: i + 1, vencimento: p.vencimento, valor: p.valor ?? 0 })),
    observacoes: v.observacoes,
  };
}

/**
 * The proposal form (new, or an edit of a draft or rejected proposal): solutions and axes from the
 * municipality's combos (the axes capped at 5 in MA unless liberarMaximoEixoMA: the others are then
 * disabled), the two shares in R$ (the total is their sum), premium, extras, the instalments (typed
 * or generated monthly, their sum shown against the municipality's share), notes and annexes. The
 * money rules of src/domain/proposals.ts are checked here and again by the server.
 */
export function ProposalFormPage({ proposal, onDone }: { proposal: ProposalDetail | null; onDone?: () => void }) {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const navigate = useNavigate();
  const v = currentVocabulary();
  const combos = proposals.useCombos(municipioId);
  const options = combos.status === 'ready' ? combos.data : { solucoes: [], eixos: [], maxEixos: null };
  const [values, setValues] = useState<Values>(() => initialValues(proposal));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [plan, setPlan] = useState({ quantidade: '', primeiro: '' });
  const headingId = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const form = {
    submit: () => {
      const parsed = proposalInputSchema.safeParse(inputOf(values, municipioId));
      if (!parsed.success) {
        setErrors(fieldErrorsFromIssues<Field>(parsed.error.issues));
        return null;
      }
      const problems = proposalProblems(parsed.data, options.maxEixos);
      const next: FieldErrors<Field> = {};
      for (const p of problems) next[p.field] ??= p.message;
      setErrors(next);
      return problems.length === 0 ? parsed.data : null;
    },
    setErrors: (next: FieldErrors<string>) => setErrors(next as FieldErrors<Field>),
  };
  const submit = useFormSubmit(
    form,
    async (input) => {
      const result = proposal
        ? await proposals.update(
            { input: { ...input, propostaId: proposal.propostaId, arquivosRemovidos: removed }, files },
            { inline: true },
          )
        : await proposals.create({ input, files }, { inline: true });
      if (!result.ok) return result;
      notifySuccess(PROPOSAL_MESSAGES.salva);
      if (onDone) onDone();
      else navigate(proposalHref.detail(municipioId, result.data.propostaId));
    },
    'Não foi possível salvar a proposta.',
  );

  const title = proposal ? `Alterar proposta: ${proposal.titulo}` : 'Nova proposta';
  const parcelSum = values.parcelas.reduce((s, p) => s + (p.valor ?? 0), 0);
  const investimento = values.investimentoMunicipio ?? 0;
  const capped = options.maxEixos !== null;

  function generate() {
    const quantidade = Number(plan.quantidade);
    if (!quantidade || !/^\d{4}-\d{2}-\d{2}$/.test(plan.primeiro)) {
      setErrors((e) => ({ ...e, parcelas: 'Informe a quantidade de parcelas e o primeiro vencimento.' }));
      return;
    }
    set(
      'parcelas',
      splitInstalments(investimento, quantidade, plan.primeiro).map(({ vencimento, valor }) => ({ vencimento, valor })),
    );
  }
  const setLine = (i: number, line: Partial<Line>) =>
    set(
      'parcelas',
      values.parcelas.map((p, j) => (j === i ? { ...p, ...line } : p)),
    );
  const setExtra = (i: number, line: Partial<ExtraLine>) =>
    set(
      'extras',
      values.extras.map((p, j) => (j === i ? { ...p, ...line } : p)),
    );

  return (
    <Stack gap="4" maxW="4xl">
      <PageTitle parts={[title, municipality.nome]} />
      <ListHeading title={title} id={headingId} level={2} />
      <SubmitForm formRef={submit.formRef} serverError={submit.serverError} handleSubmit={submit.handleSubmit}>
        <TextField
          label="Título"
          required
          value={values.titulo}
          onValueChange={(x) => set('titulo', x)}
          error={errors.titulo}
          name="titulo"
        />
        <SolutionCombo<number>
          multiple
          label={`${v.solution.plural}`}
          required
          options={options.solucoes.map((s) => ({ value: s.solucaoId, label: s.nome }))}
          loading={combos.status === 'loading'}
          value={values.solucaoIds}
          onValueChange={(ids) => set('solucaoIds', ids)}
          error={errors.solucaoIds}
        />
        <AxisCombo<number>
          multiple
          label={v.axis.plural}
          required
          options={options.eixos.map((e) => ({ value: e.eixoId, label: e.nome }))}
          loading={combos.status === 'loading'}
          value={values.eixoIds}
          onValueChange={(ids) => set('eixoIds', ids)}
          maxSelected={options.maxEixos ?? undefined}
          helperText={capped ? `No máximo ${options.maxEixos} ${v.axis.plural.toLowerCase()} nas propostas do Maranhão.` : undefined}
          error={errors.eixoIds}
        />

        <Fieldset.Root>
          <Fieldset.Legend>Valores</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
            <MoneyInput
              label="Investimento do município"
              required
              value={values.investimentoMunicipio}
              onValueChange={(x) => set('investimentoMunicipio', x)}
              error={errors.investimentoMunicipio}
            />
            <MoneyInput
              label="Contrapartida do Sebrae"
              required
              value={values.contrapartidaSebrae}
              onValueChange={(x) => set('contrapartidaSebrae', x)}
              error={errors.contrapartidaSebrae}
            />
            <Stack gap="1">
              <Text fontWeight="medium" textStyle="sm">
                Valor total
              </Text>
              <Text textStyle="lg" fontWeight="semibold" aria-live="polite">
                {reais(total(values))}
              </Text>
              {errors.valorTotal && (
                <Text color="fg.error" textStyle="sm">
                  {errors.valorTotal}
                </Text>
              )}
            </Stack>
          </Grid>
          <Checkbox.Root checked={values.premium} onCheckedChange={(d) => set('premium', d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Proposta premium</Checkbox.Label>
          </Checkbox.Root>
        </Fieldset.Root>

        <Fieldset.Root invalid={Boolean(errors.parcelas)}>
          <Fieldset.Legend>Parcelas do investimento do município</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr auto' }} gap="3" alignItems="end">
            <DigitsInput
              label="Quantidade de parcelas"
              maxDigits={3}
              value={plan.quantidade}
              onValueChange={(x) => setPlan((p) => ({ ...p, quantidade: x }))}
            />
            <DateField label="Primeiro vencimento" value={plan.primeiro} onValueChange={(x) => setPlan((p) => ({ ...p, primeiro: x }))} />
            <Button variant="outline" onClick={generate}>
              Gerar parcelas
            </Button>
          </Grid>
          {values.parcelas.map((p, i) => (
            <Grid key={i} templateColumns={{ base: '1fr', sm: '6rem 1fr 1fr auto' }} gap="3" alignItems="end" borderTopWidth="1px" pt="3">
              <Text fontWeight="medium">{`Parcela ${i + 1}`}</Text>
              <DateField
                label={`Vencimento da parcela ${i + 1}`}
                value={p.vencimento}
                onValueChange={(x) => setLine(i, { vencimento: x })}
              />
              <MoneyInput label={`Valor da parcela ${i + 1}`} value={p.valor} onValueChange={(x) => setLine(i, { valor: x })} />
              <Button
                variant="ghost"
                colorPalette="red"
                onClick={() =>
                  set(
                    'parcelas',
                    values.parcelas.filter((_, j) => j !== i),
                  )
                }
              >
                {`Remover parcela ${i + 1}`}
              </Button>
            </Grid>
          ))}
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Button variant="outline" size="sm" onClick={() => set('parcelas', [...values.parcelas, { vencimento: '', valor: null }])}>
              Adicionar parcela
            </Button>
            <Text color={parcelSum === investimento ? 'fg.muted' : 'fg.error'} aria-live="polite">
              {`Soma das parcelas: ${reais(parcelSum)} de ${reais(investimento)}`}
            </Text>
          </HStack>
          {errors.parcelas && <Fieldset.ErrorText>{errors.parcelas}</Fieldset.ErrorText>}
        </Fieldset.Root>

        <Fieldset.Root invalid={Boolean(errors.extras)}>
          <Fieldset.Legend>Extras</Fieldset.Legend>
          {values.extras.map((e, i) => (
            <Grid key={i} templateColumns={{ base: '1fr', sm: '2fr 1fr auto' }} gap="3" alignItems="end">
              <TextField label={`Descrição do extra ${i + 1}`} value={e.descricao} onValueChange={(x) => setExtra(i, { descricao: x })} />
              <MoneyInput label={`Valor do extra ${i + 1}`} value={e.valor} onValueChange={(x) => setExtra(i, { valor: x })} />
              <Button
                variant="ghost"
                colorPalette="red"
                onClick={() =>
                  set(
                    'extras',
                    values.extras.filter((_, j) => j !== i),
                  )
                }
              >
                {`Remover extra ${i + 1}`}
              </Button>
            </Grid>
          ))}
          <Box>
            <Button variant="outline" size="sm" onClick={() => set('extras', [...values.extras, { descricao: '', valor: null }])}>
              Adicionar extra
            </Button>
          </Box>
          {errors.extras && <Fieldset.ErrorText>{errors.extras}</Fieldset.ErrorText>}
        </Fieldset.Root>

        <TextAreaField
          label="Observações"
          value={values.observacoes}
          onValueChange={(x) => set('observacoes', x)}
          maxLength={4000}
          error={errors.observacoes}
        />

        <Fieldset.Root>
          <Fieldset.Legend>Anexos</Fieldset.Legend>
          {proposal && proposal.arquivos.length > 0 && (
            <RemovableStoredFileList
              files={proposal.arquivos}
              download={(f, onProgress) => proposals.downloadAttachment({ arquivoId: f.arquivoId, nome: f.nome, onProgress })}
              removed={removed}
              onRemovedChange={setRemoved}
            />
          )}
          <AttachmentsField
            files={files}
            onChange={setFiles}
            keptBytes={proposal?.arquivos.filter((f) => !removed.includes(f.arquivoId)).reduce((s, f) => s + f.tamanho, 0) ?? 0}
          />
        </Fieldset.Root>

        <HStack gap="3" wrap="wrap">
          <SaveButton pending={submit.pending} />
          {onDone ? (
            <Button variant="outline" onClick={onDone}>
              Cancelar
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <RouterLink to={proposalHref.list(municipioId)}>Cancelar</RouterLink>
            </Button>
          )}
        </HStack>
      </SubmitForm>
    </Stack>
  );
}
