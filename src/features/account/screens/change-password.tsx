import { Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorBody, isSessionExpiredError } from '../../../api/client.ts';
import { PASSWORD_MIN, updateOwnPasswordSchema } from '../../../domain/session.ts';
import { useSession } from '../../../session/store.ts';
import { fieldErrorsFromIssues, focusFirstInvalid, useSchemaForm } from '../../../ui/form.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { PasswordField } from '../../../ui/password-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { updateOwnPassword } from '../data.ts';

const CONNECTION_FAILED = 'Não foi possível alterar a senha. Verifique sua conexão e tente novamente.';

/** /usuario/atualizar-senha: the signed-in user changes their own password, confirming the current one. */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const session = useSession();
  const form = useSchemaForm(updateOwnPasswordSchema, { senhaAtual: '', senha: '', confirmacao: '' });
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = form.submit();
    if (!data) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setServerError(null);
    setPending(true);
    try {
      await updateOwnPassword(data);
      notifySuccess('Senha alterada com sucesso');
      navigate('/cidade');
    } catch (error) {
      setPending(false);
      if (isSessionExpiredError(error)) return;
      const body = apiErrorBody(error);
      if (body?.issues?.length) form.setErrors(fieldErrorsFromIssues(body.issues));
      setServerError(body?.message ?? CONNECTION_FAILED);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <Stack gap="6" maxW="md">
      <title>Alterar senha · Cidade Empreendedora</title>
      <Heading as="h1" size="2xl">
        Alterar senha
      </Heading>
      <Card.Root>
        <Card.Body>
          <form ref={formRef} noValidate onSubmit={handleSubmit}>
            <Stack gap="5">
              {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
              {/* Lets password managers file the new password under the right account. */}
              <input type="email" name="username" autoComplete="username" value={session.user?.email ?? ''} readOnly hidden />
              <PasswordField
                label="Senha atual"
                name="senhaAtual"
                autoComplete="current-password"
                required
                value={form.values.senhaAtual}
                onValueChange={(value) => form.setValue('senhaAtual', value)}
                error={form.errors.senhaAtual}
              />
              <PasswordField
                label="Nova senha"
                name="senha"
                autoComplete="new-password"
                required
                helperText={`Mínimo de ${PASSWORD_MIN} caracteres.`}
                value={form.values.senha}
                onValueChange={(value) => form.setValue('senha', value)}
                error={form.errors.senha}
              />
              <PasswordField
                label="Confirmar senha"
                name="confirmacao"
                autoComplete="new-password"
                required
                value={form.values.confirmacao}
                onValueChange={(value) => form.setValue('confirmacao', value)}
                error={form.errors.confirmacao}
              />
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
