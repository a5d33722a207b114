/**
 * The demo São Paulo accounts of the embedded identity provider (identity-provider.ts). They live in
 * the provider, not in the app's database: the app creates each one's user at its first single
 * sign-on (POST /api/amei/login), as it would for a real AMEI account. Kept free of other imports so
 * the start-up banner and the README can list them cheaply.
 */
export type SsoProfile = 'Fesp' | 'FespEspecial' | 'Coordenador';

export type DemoIdentity = {
  /** The AMEI id: the token's `sub` and `ameiid`. */
  readonly ameiid: string;
  readonly nome: string;
  readonly email: string;
  /** Digits only. */
  readonly cpf: string;
  readonly perfil: SsoProfile;
  readonly role: string;
};

export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    ameiid: 'amei-sp-0001',
    nome: 'Renata Aparecida Moraes',
    email: 'fesp@sp.demo.local',
    cpf: '35811274076',
    perfil: 'Fesp',
    role: 'Fesp',
  },
  {
    ameiid: 'amei-sp-0002',
    nome: 'Rodrigo Tavares Nogueira',
    email: 'fespespecial@sp.demo.local',
    cpf: '41290736561',
    perfil: 'FespEspecial',
    role: 'Fesp Especial',
  },
  {
    ameiid: 'amei-sp-0003',
    nome: 'Luciana Prado Ferraz',
    email: 'coordenador@sp.demo.local',
    cpf: '52963418728',
    perfil: 'Coordenador',
    role: 'Coordenador',
  },
];
