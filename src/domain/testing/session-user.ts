import { FLAG_KEYS, allFlags, type FlagKey, type FlagSet } from '../permission-flags.ts';
import type { PermissionContext } from '../permissions.ts';
import type { SessionUser } from '../session.ts';

/**
 * The signed-in user the permission rules' tests reason about, built one way: every flag off
 * unless a test turns it on, so a test names exactly the flags its rule depends on. Tests only
 * (src/**\/testing is outside the product and its coverage).
 */

/** Every flag off. */
export const noFlags = (): FlagSet => Object.fromEntries(FLAG_KEYS.map((key) => [key, false])) as FlagSet;

/** These flags on, every other one off. */
export function flagsOn(on: readonly FlagKey[]): FlagSet {
  const flags = noFlags();
  for (const key of on) flags[key] = true;
  return flags;
}

export type TestPermission = { nome: string; municipioId?: number | null; eixoId?: number | null };

export type TestUserOptions = {
  usuarioId?: number;
  fullAdmin?: boolean;
  /** The group's name ('Consultor' by default); null: the user has no group at all. */
  group?: string | null;
  /** The group's flags that are on. */
  on?: readonly FlagKey[];
  relatorioAdm?: number[];
  /** The group's visualizaEixosIds. */
  axes?: number[];
  /** Per-municipality (or per-axis) permissions. */
  perms?: readonly TestPermission[];
};

export function testUser(opts: TestUserOptions = {}): SessionUser {
  return {
    usuarioId: opts.usuarioId ?? 7,
    nome: 'Teste',
    email: 'teste@demo.local',
    cpf: null,
    administradorSistema: opts.fullAdmin ?? false,
    grupo:
      opts.group === null
        ? null
        : {
            ...flagsOn(opts.on ?? []),
            grupoId: 1,
            nome: opts.group ?? 'Consultor',
            relatorioAdm: opts.relatorioAdm ?? [],
            visualizaEixosIds: opts.axes ?? [],
          },
    permissoes: (opts.perms ?? []).map((p) => ({
      eixoId: p.eixoId ?? null,
      municipioId: p.municipioId ?? null,
      permissao: { nome: p.nome },
    })),
    permissoesSolucoes: [],
  };
}

export type TestContextOptions = TestUserOptions & {
  /** The tenant's configuration; every flag on by default. */
  config?: FlagSet;
  /** Configuration flags turned off. */
  globalOff?: readonly FlagKey[];
};

/** A permission context: the user above under a tenant configuration (every flag on unless told). */
export function testContext(opts: TestContextOptions = {}): PermissionContext {
  const config = opts.config ?? allFlags();
  for (const key of opts.globalOff ?? []) config[key] = false;
  return { usuario: testUser(opts), config };
}
