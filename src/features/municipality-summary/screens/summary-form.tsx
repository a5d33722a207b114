import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { SUMMARY_MESSAGES, summaryCreateSchema, type Summary } from '../../../domain/municipality-summary.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RichTextEditor } from '../../../ui/rich-text-editor.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { summaries } from '../data.ts';
import { summaryHref } from '../paths.ts';

/** /cidade/{id}/resumo-municipio/add (new) and /add/{resumoId} (edit). */
export function SummaryFormScreen() {
  const { resumoId } = useParams();
  const id = resumoId && /^\d+$/.test(resumoId) ? Number(resumoId) : null;
  const one = summaries.useOne(id);
  if (id !== null && one.status === 'error') return <LoadError message={SUMMARY_MESSAGES.notFound} onRetry={one.reload} />;
  if (id !== null && one.status !== 'ready') return <LoadingState />;
  return <SummaryForm key={id ?? 'novo'} summary={one.status === 'ready' ? one.data : null} />;
}

function SummaryForm({ summary }: { summary: Summary | null }) {
  const { municipality } = useCity();
  const navigate = useNavigate();
  const bodyError = useId();
  const form = useSchemaForm(summaryCreateSchema, { municipioId: municipality.municipioId, titulo: summary?.titulo ?? '', texto: summary?.texto ?? '' });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => {
      const saved = await summaries.save({ ...data, resumoId: summary?.resumoId ?? null }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(SUMMARY_MESSAGES.saved);
      navigate(summaryHref.list(municipality.municipioId));
    },
    'Não foi possível salvar o resumo. Verifique sua conexão e tente novamente.',
  );
  const texto = form.field('texto');
  const title = summary ? 'Editar resumo' : 'Novo resumo';
  return (
    <Stack gap="4" maxW="4xl">
      <PageTitle parts={[title, municipality.nome]} />
      <Heading as="h2" size="xl">
        {title}
      </Heading>
      <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="4">
          {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
          <TextField label="Título" required autoComplete="off" maxLength={200} {...form.field('titulo')} />
          <Stack gap="1">
            <Text fontWeight="medium">Resumo</Text>
            <RichTextEditor label="Resumo" value={texto.value ?? ''} onChange={texto.onValueChange} invalid={Boolean(texto.error)} describedBy={texto.error ? bodyError : undefined} />
            {texto.error && (
              <Text id={bodyError} textStyle="sm" color="fg.error">
                {texto.error}
              </Text>
            )}
          </Stack>
          <HStack gap="3">
            <Button type="submit" loading={pending} loadingText="Salvando…">
              Salvar
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={summaryHref.list(municipality.municipioId)}>Cancelar</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
