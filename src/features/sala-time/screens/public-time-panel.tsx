import { Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { PublicPage } from '../../../ui/public-page.tsx';
import { TimeAveragesView } from '../components/averages.tsx';
import { times } from '../data.ts';
import { PANEL_PARAM } from '../paths.ts';

/**
 * /sala-tempo, no login (spec §2 declares none): a room's public time panel, by the secret its link
 * carries (?painel=…): the municipality's name and the average times by service and month, nothing
 * else. Without a secret, or with a revoked one, it says so and shows no data.
 */
export function PublicTimePanelScreen() {
  const hash = useSearchParams()[0].get(PANEL_PARAM);
  const panel = times.usePanel(hash);
  return (
    <PublicPage>
      {(hash === null || panel.status === 'error') && (
        <Stack gap="2" role="alert">
          <PageTitle parts={['Painel de tempos de atendimento']} />
          <Heading as="h1" size="xl">
            {hash === null ? 'Painel de tempos de atendimento' : 'Painel não encontrado'}
          </Heading>
          <Text color="fg.muted">
            {hash === null
              ? 'Abra o link do painel recebido da Sala do Empreendedor.'
              : 'Confira o link recebido: ele pode ter sido revogado.'}
          </Text>
        </Stack>
      )}
      {panel.status === 'loading' && <LoadingState label="Carregando painel…" />}
      {panel.status === 'ready' && (
        <Stack gap="5">
          <PageTitle parts={['Tempos de atendimento', panel.data.municipio.nome]} />
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">
              Sala do Empreendedor de {panel.data.municipio.nome} / {panel.data.municipio.uf}
            </Text>
            <Heading as="h1" size="2xl">
              Tempos de atendimento
            </Heading>
          </Stack>
          <TimeAveragesView medias={panel.data.medias} />
        </Stack>
      )}
    </PublicPage>
  );
}
