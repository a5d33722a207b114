import { Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { useFormSubmit } from '../../../ui/form.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { registerData } from './data.ts';
import type { RegisterDeclaration } from './declaration.ts';
import { RegisterFields, useRegisterForm } from './register-form.tsx';
import { genderOf, nounOf, saveFailureOf, savedMessage, titleOf } from './wording.ts';

type Values = Record<string, unknown>;

/**
 * A register's create or edit form on a page of its own (declaration `pages`; spec §2 /faixas/add,
 * /faixas/edit/{id}): the same fields, schema and save as the dialog, back to the list when saved.
 */
export function RegisterPage<Row>({ declaration }: { declaration: RegisterDeclaration<Row, Values> }) {
  return (
    <AccessGate flag={declaration.flag}>
      <RegisterPageBody declaration={declaration} />
    </AccessGate>
  );
}

function RegisterPageBody<Row>({ declaration: d }: { declaration: RegisterDeclaration<Row, Values> }) {
  const { id } = useParams();
  const recordId = id === undefined ? null : Number(id);
  const words = currentVocabulary();
  const noun = nounOf(d, words);
  const record = registerData.useRegisterRecord(d.api.get, recordId, d.row as z.ZodType<Row>, `Erro ao obter ${noun}`);

  if (recordId === null) return <RecordForm declaration={d} words={words} row={null} />;
  if (record.status === 'error')
    return (
      <LoadError
        message={apiErrorMessage(record.error, `Não foi possível abrir ${genderOf(d, words) === 'f' ? 'a' : 'o'} ${noun}.`)}
        onRetry={record.reload}
      />
    );
  // The form takes its values once, when it mounts: it waits for this visit's answer, not the cached
  // one of an earlier visit (query.online shows that while it asks again, and it predates the last save).
  if (record.status !== 'ready' || record.refreshing) return null;
  return <RecordForm key={recordId} declaration={d} words={words} row={record.data} />;
}

function RecordForm<Row>({
  declaration: d,
  words,
  row,
}: {
  declaration: RegisterDeclaration<Row, Values>;
  words: Vocabulary;
  row: Row | null;
}) {
  const navigate = useNavigate();
  const pages = d.pages!;
  const noun = nounOf(d, words);
  const failure = saveFailureOf(noun, genderOf(d, words));
  const listTitle = titleOf(d, words);
  const form = useRegisterForm(d as RegisterDeclaration<unknown, Values>, row);
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => {
      const saved = await registerData.saveRecord({ declaration: d, values: data as Values, row }, { inline: true, failure });
      if (!saved.ok) return saved;
      notifySuccess(savedMessage(noun, genderOf(d, words), row === null));
      void navigate(pages.list);
    },
    failure.message,
  );
  const title = row ? `Editar ${noun}` : `Cadastrar ${noun}`;

  return (
    <Stack gap="5" maxW="4xl">
      <PageTitle parts={[title, listTitle]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: 'Cadastros', href: '/rotas', current: false },
          { label: listTitle, href: pages.list, current: false },
          { label: title, href: '', current: true },
        ]}
      />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <SubmitForm formRef={formRef} serverError={serverError} handleSubmit={handleSubmit}>
        <Card.Root>
          <Card.Body>
            <RegisterFields declaration={d as RegisterDeclaration<unknown, Values>} form={form} />
          </Card.Body>
        </Card.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" asChild>
            <RouterLink to={pages.list}>Cancelar</RouterLink>
          </Button>
          <SaveButton pending={pending} />
        </HStack>
      </SubmitForm>
    </Stack>
  );
}
