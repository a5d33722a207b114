import { z } from 'zod';
import { isValidCpf, onlyDigits } from './cpf.ts';
import { FLAG_KEYS, type FlagKey } from './permission-flags.ts';
import { GROUP_NAMES, MAX_GROUP_AXES, ROLE_NAMES } from './permissions.ts';
import { flagSetSchema, userGroupSchema } from './session.ts';
import { idSchema, idTextSchema } from './ids.ts';
import { lookalikeKey } from './text.ts';

/**
 * API contract of users, user groups, the global configuration and projects (spec §3 and §7),
 * shared by the client forms and the server routes. Inputs normalise what people type (masked CPF,
 * e-mail in any case); answers are plain data.
 */

/** Per-municipality roles (spec §3 "User"). The database column takes exactly these values. */
export const USER_ROLES = [ROLE_NAMES.consultorCondutor, ROLE_NAMES.consultorEspecialista, ROLE_NAMES.analista, ROLE_NAMES.ad] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const CONSULTANT_ROLES = [ROLE_NAMES.consultorCondutor, ROLE_NAMES.consultorEspecialista] as const satisfies readonly UserRole[];

/** The group whose members are administrators (spec §6); it can be neither deleted nor renamed. */
export const ADMIN_GROUP_NAME = GROUP_NAMES.administrador;

/** Administrative report catalogue ids (spec §9). */
export const REPORT_ID_MIN = 1;
export const REPORT_ID_MAX = 51;

// The id schemas live in ids.ts, which the shared contract pieces import without this module.
export { idParamsSchema, idSchema, idTextSchema, INVALID_ID_MESSAGE, MAX_INT } from './ids.ts';

/** A text the form requires: absent, blank or null all get the field's own message. */
const requiredText = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Valor inválido') })
    .trim()
    .min(1, message);

const nomeSchema = requiredText('O nome é obrigatório').max(200, 'O nome deve ter no máximo 200 caracteres');

export const emailSchema = requiredText('O e-mail é obrigatório')
  .toLowerCase()
  .max(254, 'O e-mail deve ter no máximo 254 caracteres')
  .pipe(z.email('E-mail inválido'));

const CPF_INPUT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** A CPF typed with or without its mask, stored as its 11 digits. */
export const cpfSchema = z
  .string()
  .trim()
  .refine((v) => CPF_INPUT.test(v), 'CPF inválido')
  .transform(onlyDigits)
  .refine(isValidCpf, 'CPF inválido');

/** Optional CPF: null, absent or blank all mean "none". */
const optionalCpfSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || CPF_INPUT.test(v), 'CPF inválido')
  .transform((v) => (v === '' ? null : onlyDigits(v)))
  .refine((v) => v === null || isValidCpf(v), 'CPF inválido')
  .nullish();

const telefoneSchema = z
  .string()
  .trim()
  .max(20, 'Telefone inválido')
  .refine((v) => v === '' || (/^[\d\s()+-]+$/.test(v) && onlyDigits(v).length >= 10), 'Telefone inválido')
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const roleSchema = z.enum(USER_ROLES, 'Permissão inválida');

export const reportIdSchema = z
  .number()
  .int(`Relatório inválido: use um número de ${REPORT_ID_MIN} a ${REPORT_ID_MAX}`)
  .min(REPORT_ID_MIN, `Relatório inválido: use um número de ${REPORT_ID_MIN} a ${REPORT_ID_MAX}`)
  .max(REPORT_ID_MAX, `Relatório inválido: use um número de ${REPORT_ID_MIN} a ${REPORT_ID_MAX}`);

// ---------------------------------------------------------------- users

export const userPermissionInputSchema = z.object({
  municipioId: idSchema,
  eixoId: idSchema.nullish(),
  permissao: roleSchema,
});
export type UserPermissionInput = z.infer<typeof userPermissionInputSchema>;

export const userSolutionPermissionInputSchema = z.object({ municipioId: idSchema });

/** Create and update share one shape; on update an absent list keeps what the user has. */
export const userInputSchema = z.object({
  nome: nomeSchema,
  email: emailSchema,
  cpf: optionalCpfSchema,
  telefone: telefoneSchema,
  grupoId: idSchema.nullish(),
  habilitado: z.boolean().optional(),
  /** Only the built-in administrator may grant it. */
  administradorSistema: z.boolean().optional(),
  permissoes: z.array(userPermissionInputSchema).max(500, 'Permissões demais em uma só requisição').optional(),
  permissoesSolucoes: z.array(userSolutionPermissionInputSchema).max(500, 'Permissões demais em uma só requisição').optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

export const userUpdateSchema = userInputSchema.extend({ usuarioId: idSchema });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userPermissionSchema = z.object({
  id: z.number().int(),
  usuarioId: z.number().int(),
  municipioId: z.number().int().nullable(),
  municipioNome: z.string().nullable(),
  eixoId: z.number().int().nullable(),
  eixoNome: z.string().nullable(),
  permissao: roleSchema,
});
export type UserPermission = z.infer<typeof userPermissionSchema>;

export const userListItemSchema = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  telefone: z.string().nullable(),
  grupoId: z.number().int().nullable(),
  grupoNome: z.string().nullable(),
  habilitado: z.boolean(),
  administradorSistema: z.boolean(),
  /** False until the user completes first access. */
  senhaDefinida: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userDetailSchema = userListItemSchema.extend({
  permissoes: z.array(userPermissionSchema),
  permissoesSolucoes: z.array(z.object({ municipioId: z.number().int(), municipioNome: z.string() })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** What any logged-in user may learn about another: no CPF, no phone. */
export const userSummarySchema = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  grupoNome: z.string().nullable(),
  habilitado: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** An enabled user holding some of the roles, for the consultant and AD pickers. */
export const roleHolderSchema = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  permissoes: z.array(roleSchema),
  municipioIds: z.array(z.number().int()),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

const optionalText = z
  .string()
  .trim()
  .max(200, 'Texto de busca longo demais')
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const userFilterSchema = z.object({
  nome: optionalText,
  email: optionalText,
  grupoId: idSchema.nullish(),
  municipioId: idSchema.nullish(),
  habilitado: z.boolean().nullish(),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

/** The same filter as a query string (GET api/usuario). */
export const userListQuerySchema = z.object({
  nome: optionalText,
  email: optionalText,
  grupoId: idTextSchema.optional(),
  municipioId: idTextSchema.optional(),
  habilitado: z.stringbool({ error: 'Use true ou false' }).optional(),
});

export const enableUserSchema = z.object({ usuarioId: idSchema, habilitado: z.boolean() });

export const permissionCreateSchema = userPermissionInputSchema.extend({ usuarioId: idSchema });
export const permissionListQuerySchema = z.object({ usuarioId: idTextSchema });

// ---------------------------------------------------------------- groups

const optionalFlagShape = Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean().optional()])) as Record<
  FlagKey,
  z.ZodOptional<z.ZodBoolean>
>;

/** On create an absent flag takes the catalogue default; on update it stays as it is. Absent lists likewise. */
export const groupInputSchema = z.object({
  // "Administrador" makes a group's users admins: a name that only looks like it (other case or
  // accents, invisible or Cyrillic/Greek letters) would fool whoever reads the list.
  nome: nomeSchema.refine(
    (nome) => nome === ADMIN_GROUP_NAME || lookalikeKey(nome) !== lookalikeKey(ADMIN_GROUP_NAME),
    `Nome reservado: para o grupo de administradores use exatamente "${ADMIN_GROUP_NAME}"`,
  ),
  ...optionalFlagShape,
  visualizaEixosIds: z.array(idSchema).max(MAX_GROUP_AXES, `Selecione no máximo ${MAX_GROUP_AXES} eixos`).optional(),
  relatorioAdm: z.array(reportIdSchema).max(REPORT_ID_MAX, 'Relatórios demais').optional(),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

export const groupUpdateSchema = groupInputSchema.extend({ grupoId: idSchema });
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

/** A group with every flag, its visible axes and its administrative reports. */
export const groupSchema = userGroupSchema;
export type Group = z.infer<typeof groupSchema>;

export const groupListItemSchema = z.object({
  grupoId: z.number().int(),
  nome: z.string(),
  quantidadeUsuarios: z.number().int(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;

export const groupReportInputSchema = z.object({ grupoId: idSchema, relatorioId: reportIdSchema });
export const groupReportUpdateSchema = groupReportInputSchema.extend({ id: idSchema });
export const groupReportSchema = z.object({ id: z.number().int(), grupoId: z.number().int(), relatorioId: z.number().int() });
export type GroupReport = z.infer<typeof groupReportSchema>;
export const groupReportListQuerySchema = z.object({ grupoId: idTextSchema.optional() });

// ---------------------------------------------------------------- configuration

export const configSchema = flagSetSchema;
/** Any subset of the flags; an unknown key is refused rather than silently ignored. */
export const configUpdateSchema = z.strictObject(optionalFlagShape);
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;

// ---------------------------------------------------------------- projects

export const ufSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'UF inválida');

export const projectInputSchema = z.object({
  nome: nomeSchema,
  descricao: requiredText('A descrição é obrigatória').max(2000, 'A descrição deve ter no máximo 2000 caracteres'),
  /** Absent: the tenant's state. */
  uf: ufSchema.optional(),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const projectUpdateSchema = projectInputSchema.extend({ projetoId: idSchema });
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const projectSchema = z.object({
  projetoId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  uf: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectByUfQuerySchema = z.object({ uf: ufSchema });
