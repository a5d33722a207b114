import { Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { updateOwnPasswordSchema } from '../../../domain/session.ts';
import { useSession } from '../../../session/store.ts';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { NewPasswordFields } from '../../../ui/new-password-fields.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { PasswordField } from '../../../ui/password-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { updateOwnPassword } from '../data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

const CONNECTION_FAILED = 'Não foi possível alterar a senha. Verifique sua conexão e tente novamente.';

/** /usuario/atualizar-senha: the signed-in user changes their own password, confirming the current one. */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const session = useSession();
  const form = useSchemaForm(updateOwnPasswordSchema, { senhaAtual: '', senha: '', confirmacao: '' });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => {
      const changed = await updateOwnPassword(data, { inline: true, failure: { message: CONNECTION_FAILED } });
      if (!changed.ok) return changed;
      notifySuccess('Senha alterada com sucesso');
      navigate('/cidade');
    },
    CONNECTION_FAILED,
  );

  return (
    <Stack gap="6" maxW="md">
      <PageTitle parts={['Alterar senha']} />
      <Heading as="h1" size="2xl">
        Alterar senha
      </Heading>
      <Card.Root>
        <Card.Body>
          <form ref={formRef} noValidate onSubmit={handleSubmit}>
            <Stack gap="5">
              {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
              <PasswordField label="Senha atual" autoComplete="current-password" required {...form.field('senhaAtual')} />
              <NewPasswordFields email={session.user?.email ?? ''} senha={form.field('senha')} confirmacao={form.field('confirmacao')} />
              <HStack gap="3" flexWrap="wrap">
                <Button type="submit" loading={pending} loadingText="Salvando…">
                  Salvar senha
                </Button>
                <Button variant="outline" onClick={() => navigate(-1)} disabled={pending}>
                  Cancelar
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
