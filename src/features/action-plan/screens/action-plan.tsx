import { Alert, Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { parseRouteIdList } from '../../../domain/route-params.ts';
import { notifyError } from '../../../lib/notify.ts';
import { loadPdfFonts } from '../../../lib/pdf-fonts.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useActionPlan } from '../data.ts';
import { followupListHref } from '../paths.ts';
import { actionPlanWords, followupLabel, formatHours, NO_NAO_ANSWERS, themesWithNaoAnswers, type PlanTheme } from '../plan-logic.ts';

const TITLE = 'Plano de ação';
const INVALID_IDS =
  'Endereço inválido: o plano de ação precisa dos números dos acompanhamentos, separados por vírgula (por exemplo, 12,15).';

/**
 * /cidade/:id/pmd/:acompanhamento: the questions answered Não in the selected follow-ups, by theme,
 * with the municipality's solutions and tasks that address them (issue 14 item 5). Printable: the
 * print style sheet (src/app/system.ts) drops the app's header, menus and footer and the
 * elements marked data-print-hidden.
 */
export function ActionPlanScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const ids = parseRouteIdList(useParams().acompanhamento);
  const plan = useActionPlan(municipioId, ids);
  const words = useMemo(() => actionPlanWords(currentVocabulary()), []);
  const headingId = useId();
  const [building, setBuilding] = useState(false);

  const back = (
    <AppLink to={followupListHref(municipioId)} alignSelf="start" textStyle="sm" data-print-hidden="">
      ← Voltar para {currentVocabulary().cityTabs.acompanhamento}
    </AppLink>
  );
  const title = <PageTitle parts={[TITLE, municipality.nome]} />;

  if (ids === null) {
    return (
      <Stack gap="4" align="start">
        {title}
        {back}
        <Alert.Root status="warning" role="alert" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{INVALID_IDS}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    );
  }

  const data = plan.status === 'ready' ? plan.data : null;

  async function downloadPdf() {
    if (!data) return;
    setBuilding(true);
    try {
      // jsPDF and the fonts load with the first download, not with the screen.
      const [{ actionPlanFileName, buildActionPlanPdf }, fonts] = await Promise.all([import('../pdf.ts'), loadPdfFonts()]);
      buildActionPlanPdf(data, { municipio: municipality.nome, words, fonts }).save(actionPlanFileName(municipality.nome));
    } catch {
      // Built on this device (no request): any failure is the builder's or the fonts' loading.
      notifyError('Não foi possível gerar o PDF do plano de ação.');
    } finally {
      setBuilding(false);
    }
  }

  const temas = data ? themesWithNaoAnswers(data) : [];

  return (
    <Stack gap="5">
      {title}
      {back}
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" id={headingId}>
          {TITLE}
        </Heading>
        <HStack gap="2" wrap="wrap" data-print-hidden="">
          <Button variant="outline" disabled={!data} onClick={() => window.print()}>
            Imprimir
          </Button>
          <Button disabled={!data} loading={building} onClick={() => void downloadPdf()}>
            Download PDF
          </Button>
        </HStack>
      </HStack>

      {plan.status === 'error' ? (
        <LoadError message="Não foi possível carregar o plano de ação." onRetry={plan.reload} />
      ) : !data ? (
        <LoadingState label="Carregando plano de ação…" />
      ) : (
        <Stack gap="6" aria-labelledby={headingId} as="section">
          <Box>
            <Heading as="h3" size="md" mb="2">
              Acompanhamentos selecionados
            </Heading>
            <List.Root ps="5">
              {data.acompanhamentos.map((followup) => (
                <List.Item key={followup.acompanhamentoId}>{followupLabel(followup)}</List.Item>
              ))}
            </List.Root>
          </Box>
          {temas.length === 0 ? (
            <Text color="fg.muted" role="status">
              {NO_NAO_ANSWERS}
            </Text>
          ) : (
            temas.map((tema) => <ThemeSection key={tema.temaId} tema={tema} words={words} />)
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ThemeSection({ tema, words }: { tema: PlanTheme; words: ReturnType<typeof actionPlanWords> }) {
  const id = useId();
  return (
    // Printed, a theme starts on the page where it fits when possible, not cut after its title.
    <Box
      as="section"
      aria-labelledby={id}
      borderWidth="1px"
      rounded="l2"
      bg="bg"
      p={{ base: '4', md: '5' }}
      css={{ breakInside: 'avoid-page' }}
    >
      <Heading as="h3" size="lg" id={id} overflowWrap="anywhere">
        {tema.nome}
      </Heading>
      <Text color="fg.muted" textStyle="sm" mb="4">
        {words.axis}: {tema.eixoNome}
      </Text>

      <Heading as="h4" size="sm" mb="2">
        Perguntas respondidas com Não
      </Heading>
      <List.Root as="ul" listStyleType="none" gap="3" mb="5">
        {tema.perguntas.map((pergunta) => (
          <List.Item key={pergunta.perguntaId} display="block">
            <Text overflowWrap="anywhere">
              <Text as="span" fontWeight="semibold">
                {pergunta.numero}.
              </Text>{' '}
              {pergunta.texto}
            </Text>
            {pergunta.comentario && (
              <Text textStyle="sm" color="fg.muted" ps="4" overflowWrap="anywhere" whiteSpace="pre-wrap">
                Comentário: {pergunta.comentario}
              </Text>
            )}
          </List.Item>
        ))}
      </List.Root>

      <Heading as="h4" size="sm" mb="2">
        {words.solutionsAndTasks}
      </Heading>
      {tema.solucoes.length === 0 ? (
        <Text color="fg.muted">{words.noSolutions}</Text>
      ) : (
        <List.Root as="ul" listStyleType="none" gap="3">
          {tema.solucoes.map((solucao) => (
            <List.Item key={solucao.municipioSolucaoId} display="block">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {solucao.nome}
              </Text>
              {solucao.tarefas.length > 0 && (
                <List.Root ps="5" textStyle="sm">
                  {solucao.tarefas.map((tarefa) => (
                    <List.Item key={tarefa.municipioTarefaId} overflowWrap="anywhere">
                      {tarefa.nome} ({formatHours(tarefa.horas)})
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
