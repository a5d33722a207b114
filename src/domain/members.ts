import { z } from 'zod';
import { onlyDigits } from './cpf.ts';
import { idSchema } from './users.ts';

/**
 * Members of a municipality and the municipality's working groups (spec §3 Member, §5 Member save,
 * §9 photo limit). One definition for the member dialog, the outbox payload and the API routes.
 */

/** Spec §5 wording, kept exactly as the product shows it. */
export const MEMBER_MESSAGES = {
  nomeObrigatorio: 'O nome é obrigatório',
  emailObrigatorio: 'O e-mail é obrigatório',
  telefoneObrigatorio: 'O telefone é obrigatório',
  telefoneDuplicado: 'O telefone já cadastrado',
  fotoGrande: 'Foto maior que 150kb',
  telefoneInvalido: 'Telefone inválido: use (##) ####-#### ou (##) #####-####',
  emailInvalido: 'E-mail inválido',
  cpfInvalido: 'CPF inválido: use ###.###.###-## ou 11 dígitos',
  fotoTipo: 'A foto deve ser uma imagem jpg, jpeg ou png',
  umGrupo: 'O membro pertence a um único grupo',
  grupoNomeObrigatorio: 'Informe o nome do grupo',
} as const;

/** Spec §9: the photo is checked on decoded bytes, not on the (larger) base64 text. */
export const MEMBER_PHOTO = {
  maxBytes: 150_000,
  extensions: ['jpg', 'jpeg', 'png'],
  mimeTypes: ['image/jpeg', 'image/png'],
} as const;

const MAX_TEXT = 200;

/**
 * The one stored form of a phone, "(##) ####-####" or "(##) #####-####": the (tenant, telefone)
 * unique index only catches a duplicate if every spelling of a number lands on the same text.
 * Returns null for anything that is not a 10- or 11-digit number written with digits, blanks, ( ) - or dots.
 */
export function normalizePhone(value: string): string | null {
  if (/[^\d\s().-]/.test(value)) return null;
  const d = onlyDigits(value);
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return null;
}

/** Masked (###.###.###-##) or bare 11 digits; stored as digits. Check digits are deliberately not enforced (spec §5). */
export function normalizeMemberCpf(value: string): string | null {
  return /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value.trim()) ? onlyDigits(value) : null;
}

/** Spec §5: e-mail is required except in São Paulo. `uf` is the member's municipality's state. */
export function memberEmailRequired(uf: string): boolean {
  return uf.trim().toUpperCase() !== 'SP';
}

const optionalText = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .nullish()
  .transform((v) => v || null);

const memberGroupLinkInput = z.object({
  grupoId: idSchema,
  // Sent back by the client on update; the link always belongs to the member being saved.
  membroId: z.number().int().optional(),
  lider: z.boolean().default(false),
});

function emailField(required: boolean) {
  return z
    .string()
    .trim()
    .max(MAX_TEXT)
    .nullish()
    .transform((v, ctx) => {
      if (v) return v;
      if (!required) return null;
      ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.emailObrigatorio });
      return z.NEVER;
    })
    .pipe(z.email({ error: MEMBER_MESSAGES.emailInvalido }).nullable());
}

/**
 * `uf` null means the municipality is not known yet (the server reads it from the database after
 * parsing the body), so the e-mail is left optional there and checked again with the real state.
 */
function memberFields(uf: string | null) {
  return {
    nome: z.string({ error: MEMBER_MESSAGES.nomeObrigatorio }).trim().min(1, { error: MEMBER_MESSAGES.nomeObrigatorio }).max(MAX_TEXT),
    email: emailField(uf !== null && memberEmailRequired(uf)),
    telefone: z
      .string({ error: MEMBER_MESSAGES.telefoneObrigatorio })
      .trim()
      .min(1, { error: MEMBER_MESSAGES.telefoneObrigatorio })
      .transform((v, ctx) => {
        const phone = normalizePhone(v);
        if (phone) return phone;
        ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.telefoneInvalido });
        return z.NEVER;
      }),
    cpf: z
      .string()
      .nullish()
      .transform((v, ctx) => {
        if (!v || !v.trim()) return null;
        const cpf = normalizeMemberCpf(v);
        if (cpf) return cpf;
        ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.cpfInvalido });
        return z.NEVER;
      }),
    cargo: optionalText,
    orgao: optionalText,
    instituicaoId: idSchema.nullish().transform((v) => v ?? null),
  };
}

/** Member dialog and POST cadastrar-membro. The parsed value is already normalised, and parsing it again changes nothing. */
export function memberCreateSchema(uf: string | null) {
  return z.object({
    municipioId: idSchema,
    ...memberFields(uf),
    membroGrupos: z.array(memberGroupLinkInput).max(1, { error: MEMBER_MESSAGES.umGrupo }).default([]),
  });
}
export type MemberCreate = z.output<ReturnType<typeof memberCreateSchema>>;
export type MemberCreateInput = z.input<ReturnType<typeof memberCreateSchema>>;

/** PUT atualizar-membro: every field is sent again; an absent membroGrupos keeps the link, an empty one removes it. */
export function memberUpdateSchema(uf: string | null) {
  return z.object({
    membroId: idSchema,
    ...memberFields(uf),
    membroGrupos: z.array(memberGroupLinkInput).max(1, { error: MEMBER_MESSAGES.umGrupo }).optional(),
  });
}
export type MemberUpdate = z.output<ReturnType<typeof memberUpdateSchema>>;
export type MemberUpdateInput = z.input<ReturnType<typeof memberUpdateSchema>>;

export const memberGroupLinkSchema = z.object({ grupoId: z.number().int(), membroId: z.number().int(), lider: z.boolean() });

/** Spec §3 Member, plus the municipality it belongs to. */
export const memberSchema = z.object({
  membroId: z.number().int(),
  municipioId: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  telefone: z.string(),
  cpf: z.string().nullable(),
  cargo: z.string().nullable(),
  orgao: z.string().nullable(),
  instituicaoId: z.number().int().nullable(),
  imagemMembro: z.string().nullable(),
  membroGrupos: z.array(memberGroupLinkSchema),
});
export type Member = z.infer<typeof memberSchema>;

/** A data URL (as FileReader.readAsDataURL gives it) of a jpg/jpeg/png photo, or null to remove the photo. */
export const memberPhotoUpdateSchema = z.object({
  membroId: idSchema,
  imagemMembro: z.string().nullable(),
});

export type PhotoCheck = { ok: true; mimeType: (typeof MEMBER_PHOTO.mimeTypes)[number]; base64: string } | { ok: false; message: string };

const DATA_URL = /^data:image\/(jpeg|jpg|png);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Bytes a padded base64 text decodes to, without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** The first step of the photo check: the declared type and the size, before any decoding. */
export function checkPhotoDataUrl(dataUrl: string): PhotoCheck {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match || match[2]!.length === 0 || match[2]!.length % 4 !== 0) return { ok: false, message: MEMBER_MESSAGES.fotoTipo };
  if (base64DecodedLength(match[2]!) > MEMBER_PHOTO.maxBytes) return { ok: false, message: MEMBER_MESSAGES.fotoGrande };
  return { ok: true, mimeType: match[1] === 'png' ? 'image/png' : 'image/jpeg', base64: match[2]! };
}

/** The real type of an image from its magic bytes: the declared type of a data URL proves nothing. */
export function sniffImageType(bytes: Uint8Array): (typeof MEMBER_PHOTO.mimeTypes)[number] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/** A working group of a municipality (spec: Group grupoId, nome) with how many members it has. */
export const municipalityGroupSchema = z.object({
  grupoId: z.number().int(),
  municipioId: z.number().int(),
  nome: z.string(),
  quantidadeMembros: z.number().int(),
});
export type MunicipalityGroup = z.infer<typeof municipalityGroupSchema>;

const groupName = z
  .string({ error: MEMBER_MESSAGES.grupoNomeObrigatorio })
  .trim()
  .min(1, { error: MEMBER_MESSAGES.grupoNomeObrigatorio })
  .max(MAX_TEXT);

export const groupCreateSchema = z.object({ municipioId: idSchema, nome: groupName });
export const groupUpdateSchema = z.object({ grupoId: idSchema, nome: groupName });
