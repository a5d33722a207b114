import { Alert, Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CityOutletContext } from '../../../session/city.ts';
import { canOpenCityTab, cityTabOfPath, visibleCityTabs } from '../../../domain/city-tabs.ts';
import { batchRefusal } from '../../../domain/batch-events.ts';
import { useSession } from '../../../session/store.ts';
import { useOnline } from '../../../lib/online.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { AvailablePathsContext, CityTabs } from '../components/city-tabs.tsx';
import { OfflineAvailability } from '../components/offline-availability.tsx';
import { municipalityData } from '../../../entities/municipality/data.ts';
import { apiErrorMessage, httpStatusOf } from '../data.ts';
import { CITY_PATHS } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';

const NOT_FOUND = 'Município não encontrado.';

/**
 * /cidade/:id/*: loads the municipality once for every screen of the city, and shows its name,
 * the breadcrumb and the header tabs the user may open (spec §2 "City header tabs").
 */
export function CityDetailLayout() {
  const params = useParams();
  const municipioId = parseRouteId(params.id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const availablePaths = useContext(AvailablePathsContext);
  const city = municipalityData.useMunicipality(municipioId);
  const online = useOnline();
  const words = currentVocabulary();
  const noun = words.municipality.singular.toLowerCase();
  const article = words.municipality.gender === 'f' ? 'a' : 'o';

  const missing = municipioId === null || (city.status === 'error' && httpStatusOf(city.error) === 404);
  // Leaving must notify once even if the effect runs twice (StrictMode, a re-render before the redirect).
  const left = useRef(false);
  useEffect(() => {
    if (!missing || left.current) return;
    left.current = true;
    notifyError(city.status === 'error' ? apiErrorMessage(city.error, NOT_FOUND) : NOT_FOUND);
    navigate(CITY_PATHS.list, { replace: true });
  }, [missing, city, navigate]);

  const municipality = city.status === 'ready' ? city.data : null;
  const tabs = useMemo(() => {
    if (!municipality || !session.user) return [];
    const { variant, uf } = currentVariant();
    return visibleCityTabs(
      { usuario: session.user, config: session.config, municipioId: municipality.municipioId, selo: municipality.selo },
      variant,
      uf,
      { availablePaths },
    );
  }, [municipality, session.user, session.config, availablePaths]);

  // A screen opened by URL follows its tab's rule: a hidden tab's screens are refused here, as the
  // API behind them refuses (spec §2 "City header tabs"). Batch events tell which rule failed.
  const refusal = useMemo((): { message?: string } | null => {
    const tab = cityTabOfPath(pathname);
    if (!municipality || !session.user || !tab) return null;
    const { uf } = currentVariant();
    const ctx = { usuario: session.user, config: session.config, municipioId: municipality.municipioId, selo: municipality.selo };
    if (tab === 'evento-em-lote') {
      const message = batchRefusal(ctx, uf);
      return message ? { message } : null;
    }
    return canOpenCityTab(tab, ctx, uf) ? null : {};
  }, [pathname, municipality, session.user, session.config]);

  const outletContext = useMemo<CityOutletContext | null>(
    () => (municipality ? { municipality, reloadMunicipality: city.reload } : null),
    [municipality, city.reload],
  );

  if (missing) return null;

  // Offline no pull runs, so a city this device never stored would spin forever: say so at once.
  // The pull starts by itself when the network returns, and the header then offers "Disponível offline".
  if (city.status === 'loading' && city.absent && !online) {
    return (
      <Alert.Root status="warning" role="alert" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`${article === 'a' ? 'Esta' : 'Este'} ${noun} não está disponível offline neste aparelho.`}</Alert.Title>
          <Alert.Description>
            {`Quando a conexão voltar, ${article === 'a' ? 'ela' : 'ele'} abrirá aqui e você poderá usar "Disponível offline" para ${article === 'a' ? 'tê-la' : 'tê-lo'} sem internet.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  if (city.status === 'loading') return <LoadingState label={`Carregando ${noun}…`} />;

  if (city.status === 'error' || !municipality || !outletContext) {
    const expired = city.status === 'error' && city.sessionEnded;
    return (
      <Stack gap="4" py="4" align="start" role="alert">
        <Text color="fg.muted">{expired ? 'Sua sessão expirou.' : `Não foi possível carregar ${article} ${noun}.`}</Text>
        {!expired && (
          <Button variant="outline" size="sm" onClick={city.reload}>
            Tentar novamente
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Trail
        crumbs={[
          { label: 'Início', href: CITY_PATHS.list, current: false },
          { label: words.municipality.plural, href: CITY_PATHS.list, current: false },
          { label: municipality.nome, href: '', current: true },
        ]}
      />

      <HStack gap="3" wrap="wrap" justify="space-between" align="center">
        <HStack gap="3" wrap="wrap" align="baseline">
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {municipality.nome}
          </Heading>
          <Badge variant="subtle" size="md">
            {municipality.uf.toUpperCase()}
          </Badge>
        </HStack>
        <OfflineAvailability municipioId={municipality.municipioId} name={municipality.nome} />
      </HStack>

      <CityTabs tabs={tabs} label={`Seções d${article} ${noun}`} />

      {refusal ? <NoPermission message={refusal.message} /> : <Outlet context={outletContext} />}
    </Stack>
  );
}
