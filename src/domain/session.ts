// zod/mini, not zod: the login page loads these schemas (form, login answer, stored session), and
// classic zod's chainable API cannot be tree-shaken, which would put all of it on the login page.
// Both share zod's core, so the server and the rest of the client use them like any other schema.
import * as z from 'zod/mini';
import { FLAG_KEYS, type FlagKey } from './permission-flags.ts';

/** API contract of authentication and session, shared by the client forms and the server routes. */

const int = () => z.number().check(z.int());
const flagShape = Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<FlagKey, z.ZodMiniBoolean>;
export const flagSetSchema = z.object(flagShape);

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`),
    z.maxLength(128, 'A senha deve ter no máximo 128 caracteres'),
  );

// Bounded: a login is looked up and counted (failed attempts) in indexed columns.
const requiredLogin = () =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe o e-mail ou o CPF'), z.maxLength(254, 'O e-mail ou o CPF deve ter no máximo 254 caracteres'));

export const loginRequestSchema = z.object({
  login: requiredLogin(),
  senha: z.string().check(z.minLength(1, 'Informe a senha'), z.maxLength(128, 'A senha deve ter no máximo 128 caracteres')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userGroupSchema = z.extend(flagSetSchema, {
  grupoId: int(),
  nome: z.string(),
  relatorioAdm: z.array(int()),
  visualizaEixosIds: z.array(int()),
});

export const permissionSchema = z.object({
  eixoId: z.nullable(int()),
  municipioId: z.nullable(int()),
  permissao: z.object({ nome: z.string() }),
});

export const sessionUserSchema = z.object({
  usuarioId: int(),
  nome: z.string(),
  email: z.string(),
  cpf: z.nullable(z.string()),
  /** The built-in administrator account (full admin). */
  administradorSistema: z.boolean(),
  grupo: z.nullable(userGroupSchema),
  permissoes: z.array(permissionSchema),
  permissoesSolucoes: z.array(z.object({ municipioId: int() })),
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

export const loginResponseSchema = z.extend(sessionSchema, {
  token: z.string(),
  expiraEm: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const requestPasswordLinkSchema = z.object({ login: requiredLogin() });

const confirmed = z.refine<{ senha: string; confirmacao: string }>((v) => v.senha === v.confirmacao, {
  message: 'As senhas não conferem',
  path: ['confirmacao'],
});

export const changePasswordWithTokenSchema = z
  .object({
    token: z.string().check(z.minLength(1, 'Link inválido ou expirado'), z.maxLength(512, 'Link inválido ou expirado')),
    senha: passwordSchema,
    confirmacao: z.string().check(z.maxLength(128, 'A senha deve ter no máximo 128 caracteres')),
  })
  .check(confirmed);

export const updateOwnPasswordSchema = z
  .object({
    senhaAtual: z.string().check(z.minLength(1, 'Informe a senha atual'), z.maxLength(128, 'A senha deve ter no máximo 128 caracteres')),
    senha: passwordSchema,
    confirmacao: z.string().check(z.maxLength(128, 'A senha deve ter no máximo 128 caracteres')),
  })
  .check(confirmed);

export const tokenCheckResponseSchema = z.object({ valido: z.literal(true), nome: z.string(), email: z.string() });

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});

/**
 * São Paulo's single sign-on (spec §7 POST /api/amei/login): the provider's ID token and the nonce the
 * app sent with the sign-in. Both optional here so that a body without them (say, bare claims) is a
 * 401 like any other refused sign-in, not a 400.
 */
export const ameiLoginRequestSchema = z.object({
  idToken: z.optional(z.string().check(z.maxLength(16_384))),
  nonce: z.optional(z.string().check(z.maxLength(512))),
});
export type AmeiLoginRequest = z.infer<typeof ameiLoginRequestSchema>;

/** Where the app's single sign-on starts (GET /api/amei/configuracao): the provider and this app's client id there. */
export const ameiClientConfigSchema = z.object({ authority: z.string(), clientId: z.string(), scope: z.string() });
export type AmeiClientConfig = z.infer<typeof ameiClientConfigSchema>;
