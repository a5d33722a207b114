import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VARIANT_ID,
  ENVIRONMENTS,
  VARIANT_IDS,
  VARIANTS,
  choiceSearch,
  findState,
  hostFor,
  knownHosts,
  linkChoiceOf,
  resolveVariant,
  shouldWarnProductionData,
  type Environment,
  type VariantId,
} from './variants.ts';

// The files under public/variants/ are served as they are; they must match the table.
const manifests = import.meta.glob<string>('/public/variants/*/manifest.webmanifest', { query: '?raw', import: 'default', eager: true });
const svgs = import.meta.glob<string>('/public/variants/*/*.svg', { query: '?raw', import: 'default', eager: true });

const resolve = (host: string, search = '', remembered?: { variant?: string | null; uf?: string | null } | null) =>
  resolveVariant({ host, search, remembered });

describe('variant table', () => {
  it('has the nine variants with distinct palettes and the default first', () => {
    expect(VARIANT_IDS).toHaveLength(9);
    expect(DEFAULT_VARIANT_ID).toBe('cidade-empreendedora');
    const palettes = VARIANT_IDS.map((id) => VARIANTS[id].colorPalette);
    expect(new Set(palettes).size).toBe(9);
  });

  it('names the product per variant in Portuguese', () => {
    expect(VARIANTS['cidade-empreendedora'].title).toBe('Cidade Empreendedora');
    expect(VARIANTS.at.title).toBe('Agente Territorial');
    expect(VARIANTS.sala.title).toBe('Sala do Empreendedor');
    expect(VARIANTS['educacao-empreendedora'].title).toBe('Educação Empreendedora');
  });

  it('sets exactly the mode flags of each variant', () => {
    const on = (id: VariantId) =>
      Object.entries(VARIANTS[id].mode)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort();
    expect(on('cidade-empreendedora')).toEqual(['CE']);
    expect(on('desenvolvimento-territorial')).toEqual(['DT']);
    expect(on('at')).toEqual(['isAT']);
    expect(on('gov')).toEqual(['isGov']);
    expect(on('turismo')).toEqual(['Tur']);
    expect(on('educacao-empreendedora')).toEqual(['EducEmp']);
    expect(on('parceiro')).toEqual(['isParceiro']);
    expect(on('sala')).toEqual(['isSala']);
    expect(on('sao-paulo')).toEqual(['CE', 'isSaoPaulo']);
    expect(VARIANTS['sao-paulo'].singleSignOn).toBe(true);
    expect(VARIANT_IDS.filter((id) => VARIANTS[id].singleSignOn)).toEqual(['sao-paulo']);
  });

  it('serves the states the programmes run in', () => {
    const ufs = (id: VariantId) => VARIANTS[id].states.map((s) => s.uf);
    expect(ufs('cidade-empreendedora')).toEqual(['SC', 'MS', 'BA', 'MA', 'RJ', 'SP']);
    expect(ufs('sala')).toEqual(['SC', 'MS']);
    expect(ufs('at')).toEqual(['SC1']);
    expect(ufs('gov')).toEqual(['MS']);
    expect(ufs('sao-paulo')).toEqual(['SP']);
  });

  it('maps Santa Catarina (SC1 included) and Mato Grosso do Sul to the demo tenants', () => {
    for (const id of VARIANT_IDS) {
      for (const s of VARIANTS[id].states) {
        for (const env of ENVIRONMENTS) {
          const { tenant } = s.backends[env];
          expect(tenant).toMatch(/^[a-z]{2}$/);
          if (s.uf.startsWith('SC')) expect(tenant).toBe('sc');
          if (s.uf === 'MS') expect(tenant).toBe('ms');
        }
      }
    }
  });

  it('uses the production database in production everywhere', () => {
    for (const id of VARIANT_IDS) for (const s of VARIANTS[id].states) expect(s.backends.prod.productionDatabase).toBe(true);
  });

  it('gives every variant its own hosts, none claimed twice', () => {
    const hosts = knownHosts();
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(hostFor('cidade-empreendedora', 'SC', 'prod')).toBe('cidadeempreendedora.sebrae-sc.com.br');
    expect(hostFor('cidade-empreendedora', 'sc', 'hlg')).toBe('hlg-cidadeempreendedora.sebrae-sc.com.br');
    expect(hostFor('sala', 'MS', 'dev')).toBe('dev-saladoempreendedor.sebrae-ms.com.br');
    expect(hostFor('at', 'SC1', 'prod')).toBe('agenteterritorial.sebrae-sc.com.br');
    expect(() => hostFor('gov', 'SC', 'prod')).toThrow();
  });

  it('finds states case-insensitively and only among those served', () => {
    expect(findState(VARIANTS.at, 'sc1')?.uf).toBe('SC1');
    expect(findState(VARIANTS.at, 'SC')).toBeUndefined();
  });
});

describe('resolveVariant by host', () => {
  it('treats localhost and 127.0.0.1 as the default variant in development on SC', () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:5173', 'LOCALHOST', '[::1]:8080']) {
      const r = resolve(host);
      expect(r).toMatchObject({ uf: 'SC', environment: 'dev', tenant: 'sc', productionDatabase: false });
      expect(r.variant.id).toBe('cidade-empreendedora');
      expect(r.remember).toEqual({ variant: null, uf: null });
    }
  });

  it('treats an unknown host like a local one: only listed hosts are production', () => {
    expect(resolve('ce.example.org')).toMatchObject({ environment: 'dev', uf: 'SC', productionDatabase: false });
  });

  it('reads variant, state and environment from every listed host', () => {
    for (const id of VARIANT_IDS) {
      for (const s of VARIANTS[id].states) {
        for (const env of ENVIRONMENTS) {
          const r = resolve(hostFor(id, s.uf, env));
          expect([r.variant.id, r.uf, r.environment]).toEqual([id, s.uf, env]);
          expect(r.tenant).toBe(s.backends[env].tenant);
          expect(r.productionDatabase).toBe(s.backends[env].productionDatabase);
        }
      }
    }
  });

  it('ignores the port and the case of the host', () => {
    expect(resolve('HLG-SaladoEmpreendedor.sebrae-ms.com.br:443')).toMatchObject({ uf: 'MS', environment: 'hlg', tenant: 'ms' });
    expect(resolve('gov.sebrae-ms.com.br').variant.id).toBe('gov');
  });
});

describe('resolveVariant overrides', () => {
  it('switches variant with ?variante= and asks to remember it', () => {
    const r = resolve('localhost:5173', '?variante=sala');
    expect(r.variant.id).toBe('sala');
    expect(r.uf).toBe('SC');
    expect(r.environment).toBe('dev');
    expect(r.remember).toEqual({ variant: 'sala', uf: null });
  });

  it('switches state with ?uf= and asks to remember it', () => {
    const r = resolve('localhost', 'uf=ms');
    expect(r).toMatchObject({ uf: 'MS', tenant: 'ms', remember: { variant: null, uf: 'MS' } });
  });

  it('combines both, ignoring case', () => {
    const r = resolve('localhost', '?variante=AT&uf=sc1');
    expect([r.variant.id, r.uf, r.tenant]).toEqual(['at', 'SC1', 'sc']);
    expect(r.remember).toEqual({ variant: 'at', uf: 'SC1' });
  });

  it('applies what was remembered when the address has no override', () => {
    const r = resolve('localhost', '', { variant: 'gov', uf: 'ms' });
    expect([r.variant.id, r.uf]).toEqual(['gov', 'MS']);
    expect(r.remember).toEqual({ variant: 'gov', uf: 'MS' });
  });

  it('lets the address win over what was remembered', () => {
    const r = resolve('localhost', '?variante=parceiro&uf=sc', { variant: 'gov', uf: 'ms' });
    expect([r.variant.id, r.uf]).toEqual(['parceiro', 'SC']);
  });

  it('ignores an unknown variant and a state the variant does not serve', () => {
    const r = resolve('localhost', '?variante=nope&uf=zz');
    expect([r.variant.id, r.uf]).toEqual(['cidade-empreendedora', 'SC']);
    expect(r.remember).toEqual({ variant: null, uf: null });
    // Gov serves MS only, so SC falls back to its own state.
    expect(resolve('localhost', '?variante=gov&uf=sc').uf).toBe('MS');
  });

  it('drops a remembered state the newly chosen variant does not serve', () => {
    const r = resolve('localhost', '?variante=at', { uf: 'MS' });
    expect(r.uf).toBe('SC1');
    expect(r.remember).toEqual({ variant: 'at', uf: null });
  });

  it('keeps the host environment when overriding: a production host stays production', () => {
    const r = resolve('cidadeempreendedora.sebrae-sc.com.br', '?uf=ms');
    expect(r).toMatchObject({ environment: 'prod', uf: 'MS', tenant: 'ms', productionDatabase: true });
  });

  it('keeps the host state when only the variant changes and it serves that state', () => {
    expect(resolve('hlg-cidadeempreendedora.sebrae-ms.com.br', '?variante=sala').uf).toBe('MS');
  });
});

describe('public links name their tenant', () => {
  it('names the variant and the state of the tenant, whatever the opening device remembers', () => {
    expect(linkChoiceOf('at', 'sc')).toEqual({ variant: 'at', uf: 'SC1' });
    expect(linkChoiceOf(undefined, 'ms')).toEqual({ variant: DEFAULT_VARIANT_ID, uf: 'MS' });
    expect(linkChoiceOf('nenhuma', 'sc')).toEqual({ variant: DEFAULT_VARIANT_ID, uf: 'SC' });
    const search = choiceSearch(linkChoiceOf('cidade-empreendedora', 'ms'));
    expect(search).toBe('?variante=cidade-empreendedora&uf=MS');
    // Opened where Santa Catarina's Sala is remembered, the link still reaches Mato Grosso do Sul.
    expect(resolve('localhost', search, { variant: 'sala', uf: 'SC' }).tenant).toBe('ms');
  });
});

describe('shouldWarnProductionData (Cuidado!)', () => {
  const cases: [Environment, boolean, boolean][] = [
    ['dev', true, true],
    ['hlg', true, true],
    ['prod', true, false],
    ['dev', false, false],
    ['hlg', false, false],
    ['prod', false, false],
  ];
  it.each(cases)('%s with production database %s → %s', (environment, productionDatabase, expected) => {
    expect(shouldWarnProductionData({ environment, productionDatabase })).toBe(expected);
  });

  it('warns on the homologation hosts that point at production data, and nowhere in production', () => {
    expect(shouldWarnProductionData(resolve(hostFor('sala', 'SC', 'hlg')))).toBe(true);
    expect(shouldWarnProductionData(resolve(hostFor('gov', 'MS', 'hlg')))).toBe(true);
    expect(shouldWarnProductionData(resolve(hostFor('sala', 'SC', 'prod')))).toBe(false);
    expect(shouldWarnProductionData(resolve('localhost'))).toBe(false);
  });
});

describe('manifests and assets', () => {
  it('describes each variant as an installable pt-BR app starting at /cidade', () => {
    for (const id of VARIANT_IDS) {
      const v = VARIANTS[id];
      expect(v.manifest).toMatchObject({
        name: v.title,
        lang: 'pt-BR',
        start_url: '/cidade',
        display: 'standalone',
        theme_color: v.themeColor,
      });
      expect(v.manifest.icons.map((i) => i.purpose)).toEqual(['any', 'maskable']);
      for (const icon of v.manifest.icons) expect(icon).toMatchObject({ sizes: 'any', type: 'image/svg+xml' });
      expect(v.logo).toBe(`/variants/${id}/logo.svg`);
      expect(v.manifestPath).toBe(`/variants/${id}/manifest.webmanifest`);
    }
  });

  it('ships the files the table points at, with manifests equal to the table', () => {
    for (const id of VARIANT_IDS) {
      const v = VARIANTS[id];
      expect(JSON.parse(manifests[`/public${v.manifestPath}`])).toEqual(v.manifest);
      for (const path of [v.logo, v.icon, v.maskableIcon]) {
        const svg = svgs[`/public${path}`];
        expect(svg, path).toContain(`<title id="t">${v.title}</title>`);
        expect(svg).toContain(v.themeColor);
      }
    }
  });

  it('gives only the Sala a manual', () => {
    expect(VARIANT_IDS.filter((id) => VARIANTS[id].manualUrl !== null)).toEqual(['sala']);
  });
});
