import { and, asc, eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

/**
 * Demo rows of the institutions and territory registers (issue 17): institutions linked to the demo
 * municipalities, the state's regional units holding every demo municipality, categories, the
 * consultants' contracts (one inactive), schools of two municipalities, job roles and local actors.
 */

/** Regional units of each state, by the positions of the demo municipalities they hold. */
const REGIONAL_UNITS: Record<string, Array<{ nome: string; municipios: string[] }>> = {
  SC: [
    { nome: 'Regional Grande Florianópolis', municipios: ['Florianópolis'] },
    { nome: 'Regional Norte e Vale do Itajaí', municipios: ['Joinville', 'Blumenau', 'Itajaí'] },
    { nome: 'Regional Oeste', municipios: ['Chapecó'] },
    { nome: 'Regional Serra e Sul', municipios: ['Lages', 'Criciúma'] },
  ],
  MS: [
    { nome: 'Regional Centro', municipios: ['Campo Grande', 'Aquidauana'] },
    { nome: 'Regional Sul-Fronteira', municipios: ['Dourados', 'Naviraí', 'Ponta Porã'] },
    { nome: 'Regional Leste e Pantanal', municipios: ['Três Lagoas', 'Corumbá'] },
  ],
};

const CATEGORIES = [
  { nome: 'Porte pequeno', descricao: 'Municípios com até 50 mil habitantes' },
  { nome: 'Porte médio', descricao: 'Municípios de 50 mil a 300 mil habitantes' },
  { nome: 'Polo regional', descricao: 'Municípios que concentram serviços da região' },
];

const JOB_ROLES = [
  { nome: 'Secretário(a) Municipal', descricao: 'Titular de secretaria da prefeitura' },
  { nome: 'Agente de Desenvolvimento', descricao: 'Articula as ações do programa no município' },
  { nome: 'Coordenador(a) da Sala do Empreendedor', descricao: 'Atende o empreendedor na prefeitura' },
  { nome: 'Assessor(a) Técnico(a)', descricao: 'Apoio técnico às secretarias' },
  { nome: 'Gestor(a) de Compras Públicas', descricao: 'Conduz as compras e licitações municipais' },
];

const SCHOOLS = [
  { nome: 'Escola Municipal Professora Maria Luiza', alunos: 640, professores: 38 },
  { nome: 'Escola de Educação Básica Santos Dumont', alunos: 910, professores: 52 },
  { nome: 'Centro Educacional Municipal Vila Nova', alunos: 420, professores: 27 },
];

const ACTORS = [
  { nome: 'Associação Comercial e Industrial de {municipio}', segmento: 'Comércio e serviços', contato: 'contato@aci-exemplo.org.br' },
  { nome: 'Câmara de Dirigentes Lojistas de {municipio}', segmento: 'Varejo', contato: '(00) 3000-0000' },
  { nome: 'Cooperativa de Crédito Local', segmento: 'Crédito', contato: 'atendimento@coop-exemplo.com.br' },
];

export async function seedRegistersTerritory(tx: Tx, tenantId: string, ensure: Ensure): Promise<void> {
  const [tenant] = await tx.select({ uf: s.tenant.uf }).from(s.tenant).where(eq(s.tenant.id, tenantId));
  const uf = tenant!.uf;
  const municipios = await tx
    .select({ municipioId: s.municipio.municipioId, nome: s.municipio.nome })
    .from(s.municipio)
    .where(scoped(s.municipio, tenantId, eq(s.municipio.uf, uf)))
    .orderBy(asc(s.municipio.municipioId));
  const idOf = new Map(municipios.map((m) => [m.nome, m.municipioId]));

  // Institutions: the state's Sebrae in every demo municipality, and per municipality its city hall and commercial association.
  const sebrae = await ensure(s.instituicao, [eq(s.instituicao.nome, `Sebrae/${uf}`)], { nome: `Sebrae/${uf}`, sigla: 'SEBRAE' });
  const links: Array<{ instituicaoId: number; municipioId: number }> = municipios.map((m) => ({ instituicaoId: sebrae.instituicaoId, municipioId: m.municipioId }));
  for (const m of municipios.slice(0, 4)) {
    const prefeitura = await ensure(s.instituicao, [eq(s.instituicao.nome, `Prefeitura Municipal de ${m.nome}`)], {
      nome: `Prefeitura Municipal de ${m.nome}`,
      sigla: 'PM',
    });
    const associacao = await ensure(s.instituicao, [eq(s.instituicao.nome, `Associação Comercial e Industrial de ${m.nome}`)], {
      nome: `Associação Comercial e Industrial de ${m.nome}`,
      sigla: 'ACI',
    });
    links.push({ instituicaoId: prefeitura.instituicaoId, municipioId: m.municipioId }, { instituicaoId: associacao.instituicaoId, municipioId: m.municipioId });
  }
  for (const link of links)
    await ensure(s.instituicaoMunicipio, [eq(s.instituicaoMunicipio.instituicaoId, link.instituicaoId), eq(s.instituicaoMunicipio.municipioId, link.municipioId)], link);

  for (const unit of REGIONAL_UNITS[uf] ?? []) {
    const row = await ensure(s.unidadeRegional, [eq(s.unidadeRegional.uf, uf), eq(s.unidadeRegional.nomeRegiao, unit.nome)], { uf, nomeRegiao: unit.nome });
    for (const nome of unit.municipios) {
      const municipioId = idOf.get(nome);
      if (municipioId === undefined) continue;
      await ensure(s.unidadeRegionalMunicipio, [eq(s.unidadeRegionalMunicipio.municipioId, municipioId)], { municipioId, unidadeRegionalId: row.unidadeRegionalId });
    }
  }

  for (const c of CATEGORIES) await ensure(s.govCategoria, [eq(s.govCategoria.nome, c.nome)], c);
  for (const r of JOB_ROLES) await ensure(s.cargoFuncao, [eq(s.cargoFuncao.nome, r.nome)], r);

  // Contracts of the consultants: the current one of each, and an earlier, inactive one of the conductor.
  const consultants = await tx
    .select({ usuarioId: s.usuario.usuarioId, email: s.usuario.email })
    .from(s.usuario)
    .innerJoin(s.usuarioGrupo, eq(s.usuarioGrupo.grupoId, s.usuario.grupoId))
    .where(and(scoped(s.usuario, tenantId), eq(s.usuarioGrupo.nome, 'Consultor'), eq(s.usuario.habilitado, true)))
    .orderBy(asc(s.usuario.usuarioId));
  for (const [i, c] of consultants.entries()) {
    const numContrato = `${uf}-2025/${String(i + 1).padStart(3, '0')}`;
    await ensure(s.contrato, [eq(s.contrato.numContrato, numContrato)], {
      usuarioId: c.usuarioId,
      numContrato,
      qtdEntregasPrevistas: 10 + 2 * i,
      inicio: '2025-03-01',
      fim: '2026-02-28',
      ativo: true,
    });
    if (c.email === 'condutor@demo.local') {
      const earlier = `${uf}-2024/${String(i + 1).padStart(3, '0')}`;
      await ensure(s.contrato, [eq(s.contrato.numContrato, earlier)], {
        usuarioId: c.usuarioId,
        numContrato: earlier,
        qtdEntregasPrevistas: 8,
        inicio: '2024-03-01',
        fim: '2025-02-28',
        ativo: false,
      });
    }
  }

  for (const [position, m] of municipios.slice(0, 2).entries()) {
    for (const [i, school] of SCHOOLS.entries()) {
      if (position === 1 && i === 2) continue;
      await ensure(s.municipioEscola, [eq(s.municipioEscola.municipioId, m.municipioId), eq(s.municipioEscola.nome, school.nome)], {
        municipioId: m.municipioId,
        nome: school.nome,
        codigoInep: String(42_000_000 + m.municipioId * 10 + i).padStart(8, '0').slice(-8),
        quantidadeAlunos: school.alunos,
        quantidadeProfessores: school.professores,
      });
    }
  }

  for (const m of municipios.slice(0, 3)) {
    for (const a of ACTORS) {
      const nome = a.nome.replace('{municipio}', m.nome);
      await ensure(s.ator, [eq(s.ator.municipioId, m.municipioId), eq(s.ator.nome, nome)], { municipioId: m.municipioId, nome, segmento: a.segmento, contato: a.contato });
    }
  }
}
