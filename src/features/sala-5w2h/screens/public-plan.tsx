import { Box, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { PLAN_STATUS_LABELS } from '../../../domain/sala-5w2h.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { PublicPage } from '../../../ui/public-page.tsx';
import { httpStatusOf, plans } from '../data.ts';

/**
 * /sala-5w2h/:hash/:id, no login: one 5W2H plan, read-only, as a shared link shows it. The hash is
 * the plan's current secret: a wrong, replaced or revoked one says the plan was not found.
 */
export function PublicPlanScreen() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const hash = params.hash ?? '';
  const plan = plans.usePublic(id === null ? null : { hash, id });
  const fields =
    plan.status === 'ready'
      ? [
          ['O quê? (What)', plan.data.oQue],
          ['Por quê? (Why)', plan.data.porQue],
          ['Onde? (Where)', plan.data.onde],
          ['Quando? (When)', formatDate(plan.data.quando)],
          ['Quem? (Who)', plan.data.quem],
          ['Como? (How)', plan.data.como],
          ['Quanto? (How much)', formatMoney(plan.data.quanto / 100)],
          ['Situação', PLAN_STATUS_LABELS[plan.data.status]],
        ]
      : [];
  return (
    <PublicPage>
      {(id === null || plan.status === 'error') && (
        <Stack gap="2" role="alert">
          <PageTitle parts={['Plano de ação não encontrado']} />
          <Heading as="h1" size="xl">
            {id === null || [400, 404].includes(httpStatusOf(plan.status === 'error' ? plan.error : null) ?? 0)
              ? 'Plano de ação não encontrado'
              : 'Não foi possível carregar o plano de ação'}
          </Heading>
          <Text color="fg.muted">Confira o link recebido: ele pode ter sido revogado.</Text>
        </Stack>
      )}
      {plan.status === 'loading' && <LoadingState label="Carregando plano de ação…" />}
      {plan.status === 'ready' && (
        <Stack gap="5">
          <PageTitle parts={[plan.data.oQue, 'Plano de ação 5W2H']} />
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">
              Plano de ação 5W2H · Sala do Empreendedor de {plan.data.municipio.nome} / {plan.data.municipio.uf}
            </Text>
            <Heading as="h1" size="2xl" overflowWrap="anywhere">
              {plan.data.oQue}
            </Heading>
          </Stack>
          <Box maxW="md">
            <ProgressBar label="Progresso" value={plan.data.progresso} max={100} valueText={`${plan.data.progresso}%`} />
          </Box>
          <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }}>
            {fields.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue overflowWrap="anywhere" whiteSpace="pre-line">
                  {value}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Text textStyle="sm" color="fg.muted">
            Atualizado em {formatDateTime(plan.data.atualizadoEm)}. Somente leitura.
          </Text>
        </Stack>
      )}
    </PublicPage>
  );
}
