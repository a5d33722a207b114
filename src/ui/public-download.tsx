import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LoadingState } from './loading-state.tsx';
import { PageTitle } from './page-title.tsx';
import { PublicPage } from './public-page.tsx';

import type { PublicDownloadState } from '../lib/public-download.ts';

type State = { status: 'loading' } | PublicDownloadState;

/**
 * A public link's download page (no login): the file its unguessable token names starts
 * downloading by itself and the page says so; an empty, unknown or malformed link says the link is
 * wrong. The feature passes how to download (the evidence files, the mystery-shopper certificate).
 */
export function PublicDownloadPage({ token, download }: { token: string; download: (token: string) => Promise<PublicDownloadState> }) {
  const [state, setState] = useState<State>(() => (token ? { status: 'loading' } : { status: 'error', badLink: true }));
  const started = useRef(false);

  // Both buttons ("Baixar novamente", "Tentar novamente") start the same download again.
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void download(token).then(setState);
  }, [token, download]);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    void download(token).then(setState);
  }, [token, download]);

  return (
    <PublicPage>
      <PageTitle parts={['Download de arquivo']} />
      <Stack gap="3" bg="bg" p={{ base: '4', md: '8' }} rounded="lg" borderWidth="1px">
        <Heading as="h1" size="xl">
          Download de arquivo
        </Heading>
        {state.status === 'loading' && <LoadingState label="Baixando arquivo…" />}
        {state.status === 'done' && (
          <>
            <Text role="status">O download de {state.name} foi iniciado.</Text>
            <Box>
              <Button variant="outline" onClick={retry}>
                Baixar novamente
              </Button>
            </Box>
          </>
        )}
        {state.status === 'error' && (
          <Stack gap="2" role="alert">
            <Text fontWeight="medium">
              {state.badLink ? 'Arquivo não encontrado: o link é inválido ou expirou.' : 'Não foi possível baixar o arquivo.'}
            </Text>
            <Text color="fg.muted">{state.badLink ? 'Confira o link recebido.' : 'Verifique a conexão e tente de novo.'}</Text>
            {!state.badLink && (
              <Box>
                <Button variant="outline" onClick={retry}>
                  Tentar novamente
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </PublicPage>
  );
}
