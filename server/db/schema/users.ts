import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flagColumns, tenantId } from './common.ts';
import { municipio } from './municipalities.ts';
import { eixo } from './questions.ts';
import type { UserRole } from '../../../src/domain/users.ts';

/** User group (perfil): carries every permission flag of spec §3. Name "Administrador" makes its users admins. */
export const usuarioGrupo = pgTable(
  'usuario_grupo',
  {
    grupoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    ...flagColumns(),
    // JSON list of axis ids, kept as text as the spec describes.
    visualizaEixosIds: text().notNull().default('[]'),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Administrative reports (catalogue ids 1-51) a group may open (spec: relatorioAdm list). */
export const usuarioGrupoPermissao = pgTable(
  'usuario_grupo_permissao',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    grupoId: integer()
      .notNull()
      .references(() => usuarioGrupo.grupoId, { onDelete: 'cascade' }),
    relatorioId: integer().notNull(),
  },
  (t) => [uniqueIndex().on(t.grupoId, t.relatorioId)],
);

/** The system-wide ("user"/global) configuration flags, one row per tenant. */
export const configuracao = pgTable('configuracao', {
  tenantId: tenantId().primaryKey(),
  ...flagColumns(),
  atualizadoEm: createdAt(),
});

export const usuario = pgTable(
  'usuario',
  {
    usuarioId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    email: text().notNull(),
    cpf: text(),
    telefone: text(),
    // Null until the user sets one through first access or recovery.
    senhaHash: text(),
    grupoId: integer().references(() => usuarioGrupo.grupoId),
    habilitado: boolean().notNull().default(true),
    // The built-in administrator account: bypasses every flag (spec §6).
    administradorSistema: boolean().notNull().default(false),
    // The subject of São Paulo's single sign-on (AMEI): the one key a later sign-in finds the user by,
    // since e-mail and CPF may change at the provider. Null for password users.
    ameiId: text(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.email), uniqueIndex().on(t.tenantId, t.cpf), uniqueIndex().on(t.tenantId, t.ameiId)],
);

export type { UserRole as PermissionRole } from '../../../src/domain/users.ts';

/** Per-municipality (and optionally per-axis) role of a user: spec §3 permissoes. */
export const usuarioPermissao = pgTable(
  'usuario_permissao',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
    municipioId: integer().references(() => municipio.municipioId, { onDelete: 'cascade' }),
    eixoId: integer().references(() => eixo.eixoId, { onDelete: 'cascade' }),
    permissao: text().$type<UserRole>().notNull(),
  },
  (t) => [index().on(t.usuarioId)],
);

/** Municipalities whose solutions a user manages (spec §3 permissoesSolucoes). */
export const usuarioPermissaoSolucao = pgTable(
  'usuario_permissao_solucao',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex().on(t.usuarioId, t.municipioId)],
);

/** One-time tokens for password recovery and first access; only the SHA-256 of the token is stored. */
export const tokenSenha = pgTable('token_senha', {
  id: serial().primaryKey(),
  tenantId: tenantId(),
  usuarioId: integer()
    .notNull()
    .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  tipo: text().$type<'recuperar-senha' | 'primeiro-acesso'>().notNull(),
  expiraEm: timestamp({ withTimezone: true }).notNull(),
  usadoEm: timestamp({ withTimezone: true }),
  criadoEm: createdAt(),
});

/** Failed login attempts, kept in the database so the limit holds across stateless API instances. */
export const loginFalha = pgTable(
  'login_falha',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    chave: text().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.chave, t.criadoEm)],
);

/**
 * One row per sign-in: the token carries its id (`sid`), and each request checks it is still open,
 * so a password change, a reset, disabling the user or Sair end sessions before their 8 h run out.
 * `dispositivoHash` is the hash of the device cookie it was opened from: a device that has signed in
 * before may still sign in while the account is locked by others' wrong passwords.
 */
export const sessao = pgTable(
  'sessao',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
    dispositivoHash: text(),
    criadoEm: createdAt(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    encerradaEm: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId, t.usuarioId), index().on(t.tenantId, t.usuarioId, t.dispositivoHash)],
);

/**
 * Request counters of @fastify/rate-limit (login and the password e-mails), in the database so the
 * limit holds across API instances. Not tenant-scoped: the key already names the tenant.
 */
export const limiteTaxa = pgTable('limite_taxa', {
  chave: text().primaryKey(),
  contagem: integer().notNull(),
  expiraEm: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The sign-on ID tokens already spent on POST /api/amei/login, until each one's own expiry: a token
 * opens one session, on whichever instance it arrives (instances share only the database). `chave`
 * is the SHA-256 of the token's signed part (header and payload, exactly as signed). Not
 * tenant-scoped: a token spent in one base is spent everywhere.
 */
export const ameiTokenUsado = pgTable(
  'amei_token_usado',
  {
    chave: text().primaryKey(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiraEm)],
);
