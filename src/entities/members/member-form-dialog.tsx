import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { lateRecipes } from '../../ui/late-recipes.ts';
import { Avatar, Button, chakra, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../../domain/cpf.ts';
import { maskCpf, maskPhone } from '../../domain/format.ts';
import {
  checkPhotoDataUrl,
  MEMBER_MESSAGES,
  MEMBER_PHOTO,
  memberCreateSchema,
  memberEmailRequired,
  sniffImageType,
} from '../../domain/members.ts';
import { useSchemaForm } from '../../ui/form.ts';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from '../../ui/form-dialog.tsx';
import { MaskedInput } from '../../ui/masked-input.tsx';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { notifyErrorMessage, notifySuccess } from '../../lib/notify.ts';
import { TextField } from '../../ui/text-field.tsx';
import { membersData } from './data.ts';
import type { MemberDialogProps } from './member-dialog.tsx';

// This module's Chakra component brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { avatar: avatarSlotRecipe } });

const MEMBER_QUEUED = 'Membro salvo neste aparelho. Será enviado quando houver conexão.';
const MEMBER_EDIT_OFFLINE = 'Sem conexão: a edição de um membro precisa de internet. O cadastro de novos membros funciona offline.';

/**
 * Registers or edits a municipality member (spec §5 "Member save"). The rules are the shared
 * member schema's, so the dialog and the server agree on every message; the photo is checked on
 * choice and sent once the member exists, since it is stored against the member's id.
 */
export function MemberFormDialog({ open, onClose, ...formProps }: MemberDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog open={open} onClose={onClose} initialFocusRef={nameRef}>
      <MemberForm key={formProps.member?.membroId ?? 'novo'} {...formProps} onClose={onClose} nameRef={nameRef} />
    </FormDialog>
  );
}

/** The dialog's fields, with the e-mail rule of the municipality's state. */
function memberFormSchema(uf: string) {
  return memberCreateSchema(uf)
    .pick({ nome: true, email: true, telefone: true, cpf: true, cargo: true, orgao: true })
    .extend({ lider: z.boolean() });
}

type PhotoState = { kind: 'unchanged'; current: string | null } | { kind: 'new'; dataUrl: string; fileName: string } | { kind: 'removed' };

type MemberFormProps = Omit<MemberDialogProps, 'open'> & { nameRef: RefObject<HTMLInputElement | null> };

function MemberForm({ municipioId, uf, grupoId, member = null, onClose, onSaved, nameRef }: MemberFormProps) {
  const [schema] = useState(() => memberFormSchema(uf));
  const emailRequired = memberEmailRequired(uf);
  const form = useSchemaForm(schema, {
    nome: member?.nome ?? '',
    email: member?.email ?? '',
    telefone: member ? maskPhone(member.telefone) : '',
    cpf: member?.cpf ? maskCpf(member.cpf) : '',
    cargo: member?.cargo ?? '',
    orgao: member?.orgao ?? '',
    lider: member?.membroGrupos.find((link) => link.grupoId === grupoId)?.lider ?? false,
  });
  const [photo, setPhoto] = useState<PhotoState>({ kind: 'unchanged', current: member?.imagemMembro ?? null });
  const [saveError, setSaveError] = useState<string | null>(null);

  const submit = useFormDialogSubmit(
    form,
    async (data) => {
      setSaveError(null);
      const fields = {
        nome: data.nome,
        email: data.email,
        telefone: data.telefone,
        cpf: data.cpf,
        cargo: data.cargo,
        orgao: data.orgao,
      };
      if (!member) {
        const registered = await membersData.registerMember(
          { municipioId, ...fields, membroGrupos: grupoId === null ? [] : [{ grupoId, lider: data.lider }] },
          photo.kind === 'new' ? photo.dataUrl : null,
        );
        if (!registered.ok && registered.reason === 'session') return;
        if (!registered.ok || registered.data.outcome === 'rejected') {
          // Spec §8: a failed member save always reads "O telefone já cadastrado", whatever the cause.
          notifyErrorMessage('saveMember');
          setSaveError(ERROR_MESSAGES.saveMember);
          return;
        }
        const result = registered.data;
        notifySuccess(result.outcome === 'sent' ? 'Membro cadastrado com sucesso' : MEMBER_QUEUED);
        if (result.outcome === 'sent' && result.member) onSaved(result.member);
        onClose();
        return;
      }
      if (!navigator.onLine) {
        // Only registrations are queued offline; an edit needs the server's current copy.
        setSaveError(MEMBER_EDIT_OFFLINE);
        return;
      }
      const updated = await membersData.updateMember(
        {
          membroId: member.membroId,
          ...fields,
          instituicaoId: member.instituicaoId,
          membroGrupos: grupoId === null ? undefined : [{ grupoId, membroId: member.membroId, lider: data.lider }],
        },
        { inline: true },
      );
      if (!updated.ok) {
        if (updated.reason === 'session') return;
        // Spec §8: a failed member save always reads "O telefone já cadastrado", whatever the cause.
        notifyErrorMessage('saveMember');
        setSaveError(ERROR_MESSAGES.saveMember);
        return;
      }
      let saved = updated.data;
      notifySuccess('Membro atualizado com sucesso');
      const photoChanged = photo.kind === 'new' || (photo.kind === 'removed' && Boolean(member.imagemMembro));
      if (photoChanged) {
        // The member is saved; a failed photo is said by the command, and the list shows the member without one.
        const withPhoto = await membersData.updateMemberPhoto({
          membroId: saved.membroId,
          imagemMembro: photo.kind === 'new' ? photo.dataUrl : null,
        });
        if (withPhoto.ok) saved = withPhoto.data;
      }
      onSaved(saved);
      onClose();
    },
    ERROR_MESSAGES.saveMember,
  );

  const cpf = form.values.cpf ?? '';
  // Spec §5: the check digits are only a hint; a CPF that fails them can still be saved.
  const cpfHint = onlyDigits(cpf).length === 11 && !isValidCpf(cpf) && !form.errors.cpf;
  const text = <F extends 'email' | 'cargo' | 'orgao' | 'cpf'>(name: F) => {
    const field = form.field(name);
    return { ...field, value: field.value ?? '' };
  };

  return (
    <FormDialogForm title={member ? 'Editar membro' : 'Novo membro'} onClose={onClose} submit={submit} error={saveError}>
      <TextField ref={nameRef} label="Nome" required autoComplete="off" maxLength={200} {...form.field('nome')} />
      <TextField
        label={emailRequired ? 'E-mail' : 'E-mail (opcional)'}
        required={emailRequired}
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={200}
        {...text('email')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <MaskedInput
          label="Telefone"
          required
          mask={maskPhone}
          numeric
          type="tel"
          placeholder="(00) 00000-0000"
          {...form.field('telefone')}
        />
        <MaskedInput
          label="CPF (opcional)"
          mask={maskCpf}
          numeric
          placeholder="000.000.000-00"
          helperText={
            cpfHint ? (
              <Text as="span" color="orange.fg">
                CPF inválido
              </Text>
            ) : undefined
          }
          {...text('cpf')}
        />
        <TextField label="Cargo (opcional)" autoComplete="off" maxLength={200} {...text('cargo')} />
        <TextField label="Órgão (opcional)" autoComplete="off" maxLength={200} {...text('orgao')} />
      </SimpleGrid>
      {grupoId !== null && (
        <Checkbox.Root checked={form.values.lider} onCheckedChange={(details) => form.setValue('lider', details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Líder do grupo</Checkbox.Label>
        </Checkbox.Root>
      )}
      <PhotoField photo={photo} onChange={setPhoto} name={form.values.nome} disabled={submit.pending} />
    </FormDialogForm>
  );
}

/** Spec §5 and §9: jpg, jpeg or png of at most 150000 bytes, refused before anything is read or sent. */
function checkPhotoFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const knownExtension = (MEMBER_PHOTO.extensions as readonly string[]).includes(extension);
  const knownType = file.type === '' || (MEMBER_PHOTO.mimeTypes as readonly string[]).includes(file.type);
  if (!knownExtension || !knownType) return MEMBER_MESSAGES.fotoTipo;
  if (file.size > MEMBER_PHOTO.maxBytes) return MEMBER_MESSAGES.fotoGrande;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}

function PhotoField({
  photo,
  onChange,
  name,
  disabled,
}: {
  photo: PhotoState;
  onChange: (photo: PhotoState) => void;
  name: string;
  disabled: boolean;
}) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = photo.kind === 'new' ? photo.dataUrl : photo.kind === 'unchanged' ? photo.current : null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change and is checked again.
    event.target.value = '';
    if (!file) return;
    const refused = checkPhotoFile(file);
    if (refused) {
      setError(refused);
      return;
    }
    try {
      // The type comes from the first bytes, as the server checks it: a renamed non-image is refused now, not after the member is saved.
      const mimeType = sniffImageType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
      if (!mimeType) {
        setError(MEMBER_MESSAGES.fotoTipo);
        return;
      }
      const base64 = (await readAsDataUrl(file)).replace(/^data:[^,]*,/, '');
      const dataUrl = `data:${mimeType};base64,${base64}`;
      const again = checkPhotoDataUrl(dataUrl);
      if (!again.ok) {
        setError(again.message);
        return;
      }
      setError(null);
      onChange({ kind: 'new', dataUrl, fileName: file.name });
    } catch {
      setError('Não foi possível ler a foto.');
    }
  }

  return (
    <chakra.fieldset minW="0">
      <chakra.legend fontWeight="medium" textStyle="sm" mb="2">
        Foto (opcional)
      </chakra.legend>
      <HStack gap="4" align="start">
        <Avatar.Root size="2xl" shape="rounded">
          <Avatar.Fallback name={name.trim() || undefined} />
          {preview && (
            <Avatar.Image src={preview} alt={photo.kind === 'new' ? `Pré-visualização de ${photo.fileName}` : 'Foto atual do membro'} />
          )}
        </Avatar.Root>
        <Stack gap="2" minW="0">
          <HStack gap="2" wrap="wrap">
            <chakra.input
              id={inputId}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              className="peer"
              srOnly
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${helpId} ${errorId}` : helpId}
              onChange={(event) => void choose(event)}
            />
            <Button
              asChild
              size="sm"
              variant="outline"
              cursor="pointer"
              aria-disabled={disabled || undefined}
              _peerFocusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
            >
              <label htmlFor={inputId}>{preview ? 'Trocar foto' : 'Escolher foto'}</label>
            </Button>
            {preview && (
              <Button size="sm" variant="ghost" colorPalette="red" disabled={disabled} onClick={() => onChange({ kind: 'removed' })}>
                Remover foto
              </Button>
            )}
          </HStack>
          <Text id={helpId} textStyle="xs" color="fg.muted">
            jpg, jpeg ou png, até 150 KB
          </Text>
          {error && (
            <Text id={errorId} role="alert" textStyle="sm" color="fg.error">
              {error}
            </Text>
          )}
        </Stack>
      </HStack>
    </chakra.fieldset>
  );
}
