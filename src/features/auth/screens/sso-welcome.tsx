import { Button, Flex, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { lastPath } from '../../../session/last-path.ts';
import { wasForcedLogout } from '../../../session/store.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { completeSignIn, isSignInAnswer, startSignIn } from '../sso-data.ts';

type WelcomeState = 'loading' | 'error' | 'signed-out';

// One attempt per provider answer: React's development double effects must not spend the one-time
// code twice (the second exchange would fail and show an error for a sign-in that worked).
let completing: { search: string; done: Promise<void> } | null = null;
function completeOnce(search: string): Promise<void> {
  if (completing?.search !== search) completing = { search, done: completeSignIn() };
  return completing.done;
}

/**
 * Spec §2 /sp/welcome and §4: in São Paulo the app starts only after the single sign-on completes.
 * Until then this page shows nothing but a loading state; a failure shows "Erro ao inicializar" with
 * a way to try again. After Sair it waits for the user, so nothing signs them back in by itself.
 */
export function WelcomeScreen() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const answer = isSignInAnswer(search);
  const [state, setState] = useState<WelcomeState>(() => (!answer && wasForcedLogout() ? 'signed-out' : 'loading'));

  // Leaves for the provider; only a failure (provider unreachable) comes back here.
  const leaveForProvider = useCallback(() => {
    startSignIn().catch((error: unknown) => {
      console.error('Acesso único: não foi possível iniciar.', error);
      setState('error');
    });
  }, []);

  useEffect(() => {
    if (answer) {
      let current = true;
      completeOnce(search)
        .then(() => navigate(lastPath() ?? '/cidade', { replace: true }))
        .catch((error: unknown) => {
          console.error('Acesso único: não foi possível concluir.', error);
          if (current) setState('error');
        });
      return () => {
        current = false;
      };
    }
    if (!wasForcedLogout()) leaveForProvider();
    return undefined;
  }, [answer, search, navigate, leaveForProvider]);

  function retry() {
    // The failed answer's code is spent: start over from a clean address.
    if (answer) navigate('/sp/welcome', { replace: true });
    setState('loading');
    leaveForProvider();
  }

  if (state === 'loading') {
    return (
      <Flex minH="100dvh" align="center" justify="center">
        <LoadingState label="Carregando…" />
      </Flex>
    );
  }
  return (
    <AuthLayout title="Acesso único" description="Entre com sua conta do acesso único do Estado de São Paulo.">
      <Stack gap="5">
        {state === 'error' && <ServerAlert status="error">Erro ao inicializar</ServerAlert>}
        <Button size="lg" onClick={retry}>
          {state === 'error' ? 'Tentar novamente' : 'Entrar com o acesso único'}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
