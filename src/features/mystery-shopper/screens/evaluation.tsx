import { Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { canEvaluate, canSeeEvaluation, MYSTERY_SHOPPER_MESSAGES as M } from '../../../domain/mystery-shopper.ts';
import { useCity } from '../../../session/city.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RoundList } from '../components/round-list.tsx';
import { NewRoundForm, RoundEditor, RoundView } from '../components/round-editor.tsx';
import { httpStatusOf, mysteryShopperData } from '../data.ts';
import { NEW_ROUND, shopperHref } from '../paths.ts';

/**
 * /cidade/:id/cliente-oculto (spec §2): the evaluation. The city layout has checked the tab's rule
 * (verClienteOculto, Ouro with naoVerClienteOcultoOuro); a group restricted by naoVerClienteOculto
 * sees only the result (/info), as the API answers. `?rodada=` opens a round (or `nova`).
 */
export function ShopperEvaluationScreen() {
  const { municipality } = useCity();
  const ctx = usePermissionContext();
  const [params] = useSearchParams();
  const place = { municipioId: municipality.municipioId, uf: municipality.uf, selo: municipality.selo };
  if (!ctx || !canSeeEvaluation(ctx, place)) return <NoPermission message={M.somenteResultado} />;
  const evaluator = canEvaluate(ctx, place);
  const rodada = params.get('rodada');
  const back = <AppLink to={shopperHref.evaluation(municipality.municipioId)}>Voltar às rodadas</AppLink>;

  if (rodada === NEW_ROUND && evaluator) return <NewRoundForm />;
  if (rodada !== null)
    return (
      <Stack gap="4">
        {back}
        <RoundPage rodadaId={/^[1-9]\d{0,8}$/.test(rodada) ? Number(rodada) : null} evaluator={evaluator} />
      </Stack>
    );
  return (
    <Stack gap="4">
      <PageTitle parts={['Avaliação', 'Cliente Oculto', municipality.nome]} />
      <Text>
        <AppLink to={shopperHref.info(municipality.municipioId)}>Ver o resultado e o selo</AppLink>
      </Text>
      <RoundList municipioId={municipality.municipioId} canEvaluate={evaluator} />
    </Stack>
  );
}

function RoundPage({ rodadaId, evaluator }: { rodadaId: number | null; evaluator: boolean }) {
  const one = mysteryShopperData.useRound(rodadaId);
  if (rodadaId === null || (one.status === 'error' && httpStatusOf(one.error) === 404))
    return <Text role="alert">{M.rodadaNaoEncontrada}</Text>;
  if (one.status === 'error') return <LoadError message="Não foi possível carregar a rodada." onRetry={() => one.reload()} />;
  if (one.status !== 'ready') return <LoadingState />;
  const round = one.data;
  // Keyed by status: finalizing swaps the editor for the read-only view with the frozen result.
  if (round.status === 'aberta' && evaluator) return <RoundEditor key={round.rodadaId} round={round} />;
  return <RoundView key={`${round.rodadaId}-${round.status}`} round={round} />;
}
