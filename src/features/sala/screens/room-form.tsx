import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { maskPhone } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { z } from 'zod';
import { isoDate } from '../../../domain/register-fields.ts';
import { roomInputSchema, type Room } from '../../../domain/sala.ts';
import { useMunicipalityNames } from '../../../entities/municipality/lists.ts';
import { salaRoom } from '../../../entities/sala/data.ts';
import { ROOM_START_TAB, roomTabPath, SALA_PATHS } from '../../../entities/sala/paths.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { Trail } from '../../../ui/trail.tsx';

/** The form keeps an empty date as '' (the date field's empty value); the API takes null. */
const roomFormSchema = roomInputSchema.extend({ inauguracao: z.union([z.literal(''), isoDate('Data de inauguração')]) });

/** /sala-principal/novo/{id}: a room for the municipality {id}, which has none yet. */
export function RoomCreateScreen() {
  const municipioId = parseRouteId(useParams().id);
  const names = useMunicipalityNames();
  if (municipioId === null) return <Text role="alert">Município não encontrado.</Text>;
  if (names.status !== 'ready') return <LoadingState />;
  const municipality = names.data.find((m) => m.municipioId === municipioId);
  if (!municipality) return <Text role="alert">Município não encontrado.</Text>;
  return (
    <AccessGate flag="menuSalaEmpreendedor">
      <RoomForm municipioId={municipioId} municipioNome={municipality.nome} room={null} />
    </AccessGate>
  );
}

/** /sala-principal/editar/{id}: the room of the municipality {id}. */
export function RoomEditScreen() {
  const municipioId = parseRouteId(useParams().id);
  const home = salaRoom.useHome(municipioId);
  if (municipioId === null || home.status === 'error') return <Text role="alert">Sala não encontrada.</Text>;
  // The form takes its values once: the answer of this visit, not a cached one still refreshing.
  if (home.status !== 'ready' || home.refreshing) return <LoadingState label="Carregando sala…" />;
  return <RoomForm municipioId={municipioId} municipioNome={home.data.sala.municipioNome} room={home.data.sala} />;
}

function RoomForm({ municipioId, municipioNome, room }: { municipioId: number; municipioNome: string; room: Room | null }) {
  const navigate = useNavigate();
  const title = room ? 'Editar sala' : 'Nova sala';
  const form = useSchemaForm(roomFormSchema, {
    municipioId,
    nome: room?.nome ?? `Sala do Empreendedor de ${municipioNome}`,
    responsavel: room?.responsavel ?? '',
    email: room?.email ?? '',
    telefone: room?.telefone ?? '',
    endereco: room?.endereco ?? '',
    inauguracao: room?.inauguracao ?? '',
  });
  // The optional texts default to '' in the schema: the fields always hold text.
  const text = (name: 'responsavel' | 'email' | 'telefone' | 'endereco') => ({ ...form.field(name), value: form.values[name] ?? '' });
  const submit = useFormSubmit(
    form,
    async (data) => {
      const body = { ...data, inauguracao: data.inauguracao || null };
      const saved = room ? await salaRoom.updateRoom(body, { inline: true }) : await salaRoom.createRoom(body, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(room ? 'Sala atualizada com sucesso' : 'Sala cadastrada com sucesso');
      navigate(roomTabPath(municipioId, ROOM_START_TAB));
    },
    'Não foi possível salvar a sala.',
  );

  return (
    <Stack gap="5" maxW="2xl">
      <PageTitle parts={[title, municipioNome]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: 'Sala do Empreendedor', href: SALA_PATHS.list, current: false },
          { label: title, href: '', current: true },
        ]}
      />
      <Stack gap="0">
        <Text textStyle="sm" color="fg.muted">
          {municipioNome}
        </Text>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
      </Stack>
      <SubmitForm formRef={submit.formRef} serverError={submit.serverError} handleSubmit={submit.handleSubmit}>
        <TextField label="Nome da sala" required maxLength={200} autoComplete="off" {...form.field('nome')} />
        <TextField label="Responsável" maxLength={200} autoComplete="off" {...text('responsavel')} />
        <TextField label="E-mail" type="email" maxLength={200} autoComplete="off" {...text('email')} />
        <MaskedInput label="Telefone" mask={maskPhone} numeric autoComplete="off" {...text('telefone')} />
        <TextField label="Endereço" maxLength={300} autoComplete="off" {...text('endereco')} />
        <DateField label="Data de inauguração" {...form.field('inauguracao')} />
        <HStack gap="3">
          <Button variant="outline" onClick={() => navigate(-1)}>
            Cancelar
          </Button>
          <SaveButton pending={submit.pending} />
        </HStack>
      </SubmitForm>
    </Stack>
  );
}
