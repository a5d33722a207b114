import { z } from 'zod';
import { FLAG_KEYS, type FlagKey } from './permission-flags.ts';

/** API contract of authentication and session, shared by the client forms and the server routes. */

const flagShape = Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<FlagKey, z.ZodBoolean>;
export const flagSetSchema = z.object(flagShape);

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`)
  .max(128, 'A senha deve ter no máximo 128 caracteres');

export const loginRequestSchema = z.object({
  login: z.string().trim().min(1, 'Informe o e-mail ou o CPF'),
  senha: z.string().min(1, 'Informe a senha'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userGroupSchema = flagSetSchema.extend({
  grupoId: z.number().int(),
  nome: z.string(),
  relatorioAdm: z.array(z.number().int()),
  visualizaEixosIds: z.array(z.number().int()),
});

export const permissionSchema = z.object({
  eixoId: z.number().int().nullable(),
  municipioId: z.number().int().nullable(),
  permissao: z.object({ nome: z.string() }),
});

export const sessionUserSchema = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  /** The built-in administrator account (full admin). */
  administradorSistema: z.boolean(),
  grupo: userGroupSchema.nullable(),
  permissoes: z.array(permissionSchema),
  permissoesSolucoes: z.array(z.object({ municipioId: z.number().int() })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tenantInfoSchema = z.object({ id: z.string(), nome: z.string(), uf: z.string() });

export const sessionSchema = z.object({
  usuario: sessionUserSchema,
  /** The system-wide configuration flags of the tenant. */
  config: flagSetSchema,
  tenant: tenantInfoSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const loginResponseSchema = sessionSchema.extend({
  token: z.string(),
  expiraEm: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const requestPasswordLinkSchema = z.object({
  login: z.string().trim().min(1, 'Informe o e-mail ou o CPF'),
});

export const changePasswordWithTokenSchema = z
  .object({
    token: z.string().min(1, 'Link inválido ou expirado'),
    senha: passwordSchema,
    confirmacao: z.string(),
  })
  .refine((v) => v.senha === v.confirmacao, { message: 'As senhas não conferem', path: ['confirmacao'] });

export const updateOwnPasswordSchema = z
  .object({
    senhaAtual: z.string().min(1, 'Informe a senha atual'),
    senha: passwordSchema,
    confirmacao: z.string(),
  })
  .refine((v) => v.senha === v.confirmacao, { message: 'As senhas não conferem', path: ['confirmacao'] });

export const tokenCheckResponseSchema = z.object({ valido: z.literal(true), nome: z.string(), email: z.string() });

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
