import { Alert, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FlagSet } from '../../../domain/permission-flags.ts';
import { useFormSubmit } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { FlagEditor } from '../components/flag-editor.tsx';
import { accessData, refreshSession } from '../data.ts';
import { changedFlags } from '../flag-logic.ts';
import { LoadError } from '../../../ui/list-screen.tsx';

const SAVE_FAILED = 'Não foi possível salvar as configurações. Verifique sua conexão e tente novamente.';

/** /configuracoes: the tenant's global permission flags (api/configuracao). */
export function SettingsScreen() {
  return (
    <AccessGate flag="menuConfiguracoes">
      <Settings />
    </AccessGate>
  );
}

function Settings() {
  const config = accessData.useSettings();
  return (
    <Stack gap="5">
      <PageTitle parts={['Configurações']} />
      <Heading as="h1" size="2xl">
        Configurações
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Como estas permissões funcionam</Alert.Title>
          <Alert.Description>
            <Stack gap="2" mt="1">
              <Text>
                Estas são as permissões globais do sistema. Para qualquer usuário que não seja o administrador do sistema, uma permissão só
                vale quando está ativa aqui <strong>e</strong> no grupo do usuário (Administração › Grupos).
              </Text>
              <Text>
                Desativar uma permissão aqui a retira de todos os grupos de uma só vez; ativá-la aqui não a concede a quem não a tem no
                grupo. Usuários do grupo Administrador continuam abrindo Configurações e Grupos mesmo com esses menus desativados.
              </Text>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>

      {config.status === 'loading' && <LoadingState label="Carregando configurações…" />}
      {config.status === 'error' &&
        (config.sessionEnded ? (
          <Text color="fg.muted">Sua sessão expirou.</Text>
        ) : (
          <LoadError message="Não foi possível carregar as configurações." onRetry={config.reload} />
        ))}
      {config.status === 'ready' && <SettingsForm initial={config.data} />}
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: FlagSet }) {
  // What the server holds as far as this screen knows: saves send only the differences from it.
  const [saved, setSaved] = useState(initial);
  const [flags, setFlags] = useState(initial);
  const changes = changedFlags(saved, flags);
  const changeCount = Object.keys(changes).length;

  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    { submit: () => changedFlags(saved, flags), setErrors: () => {} },
    async (diff) => {
      // Sending only what changed keeps another admin's concurrent change to other flags.
      const result = await accessData.updateSettings(diff, { inline: true });
      if (!result.ok) return result;
      const next = result.data;
      setSaved(next);
      setFlags(next);
      notifySuccess('Configurações salvas com sucesso');
      // The menus and tabs of this user read the session's copy of the configuration.
      void refreshSession();
    },
    SAVE_FAILED,
  );

  return (
    <SubmitForm formRef={formRef} serverError={serverError} handleSubmit={handleSubmit}>
      <Card.Root size={{ base: 'sm', md: 'md' }}>
        <Card.Header>
          <Heading as="h2" size="lg">
            Permissões globais
          </Heading>
        </Card.Header>
        <Card.Body>
          <FlagEditor value={flags} onChange={setFlags} disabled={pending} />
        </Card.Body>
      </Card.Root>
      <HStack gap="3" flexWrap="wrap">
        <SaveButton pending={pending} />
        <Button type="button" variant="outline" disabled={pending || changeCount === 0} onClick={() => setFlags(saved)}>
          Descartar alterações
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {changeCount === 0
            ? 'Nenhuma alteração pendente'
            : changeCount === 1
              ? '1 alteração não salva'
              : `${changeCount} alterações não salvas`}
        </Text>
      </HStack>
    </SubmitForm>
  );
}
