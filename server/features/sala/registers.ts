import type { FastifyInstance } from 'fastify';
import { salaRegisters } from '../../../src/contract/sala.ts';
import {
  SALA_MESSAGES,
  worksOnPillar,
  type CalculationRow,
  type FrequencyRow,
  type IndicatorInput,
  type IndicatorRow,
  type IndicatorUpdate,
  type LevelRow,
  type SourceRow,
  type UnitRow,
} from '../../../src/domain/sala.ts';
import {
  eixo,
  salaIndicadorApuracao,
  salaIndicadorFonte,
  salaIndicadorLeitura,
  salaIndicadorNivel,
  salaIndicadorUnidade,
} from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { registerMessages, registerRoutes, requireOwned, tableStore } from '../../lib/register.ts';
import * as repo from './repository.ts';

/**
 * The indicator registers of the Sala (spec §7 api/salaindicadornivel, salaindicadorapuracao,
 * salaindicadorleitura, salaindicadorfonte, salaindicadoresunidade, salaindicadores): one
 * declaration each on the register pattern. The five plain ones are catalogues every room reads
 * (visibility 'tenant'); an indicator belongs to a pillar, so a Sala user sees and writes only the
 * indicators of their own pillars (spec §6 visualizaEixosIds).
 */

export function levelRegister(app: FastifyInstance): void {
  const store = tableStore<LevelRow, object, object>({
    table: salaIndicadorNivel,
    id: salaIndicadorNivel.nivelId,
    columns: {
      nivelId: salaIndicadorNivel.nivelId,
      nome: salaIndicadorNivel.nome,
      percentualMinimo: salaIndicadorNivel.percentualMinimo,
      descricao: salaIndicadorNivel.descricao,
    },
    sortBy: 'nome',
  });
  registerRoutes(app, {
    contract: salaRegisters.levels,
    visibility: 'tenant',
    store: {
      ...store,
      // Indicators name their levels in a list, which no foreign key guards: the same 409 as one would give.
      remove: async (db, tenantId, id) => {
        if (await repo.levelInUse(db, tenantId, id)) throw conflict(registerMessages.inUse(salaRegisters.levels.noun));
        return store.remove(db, tenantId, id);
      },
    },
  });
}

export function calculationRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: salaRegisters.calculations,
    visibility: 'tenant',
    store: tableStore<CalculationRow, object, object>({
      table: salaIndicadorApuracao,
      id: salaIndicadorApuracao.apuracaoId,
      columns: { apuracaoId: salaIndicadorApuracao.apuracaoId, nome: salaIndicadorApuracao.nome, descricao: salaIndicadorApuracao.descricao },
      sortBy: 'nome',
    }),
  });
}

export function sourceRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: salaRegisters.sources,
    visibility: 'tenant',
    store: tableStore<SourceRow, object, object>({
      table: salaIndicadorFonte,
      id: salaIndicadorFonte.fonteId,
      columns: { fonteId: salaIndicadorFonte.fonteId, nome: salaIndicadorFonte.nome, descricao: salaIndicadorFonte.descricao },
      sortBy: 'nome',
    }),
  });
}

export function frequencyRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: salaRegisters.frequencies,
    visibility: 'tenant',
    store: tableStore<FrequencyRow, object, object>({
      table: salaIndicadorLeitura,
      id: salaIndicadorLeitura.leituraId,
      columns: { leituraId: salaIndicadorLeitura.leituraId, nome: salaIndicadorLeitura.nome, meses: salaIndicadorLeitura.meses },
      sortBy: 'nome',
    }),
  });
}

export function unitRegister(app: FastifyInstance): void {
  registerRoutes(app, {
    contract: salaRegisters.units,
    visibility: 'tenant',
    store: tableStore<UnitRow, object, object>({
      table: salaIndicadorUnidade,
      id: salaIndicadorUnidade.unidadeId,
      columns: { unidadeId: salaIndicadorUnidade.unidadeId, nome: salaIndicadorUnidade.nome, sigla: salaIndicadorUnidade.sigla },
      sortBy: 'nome',
    }),
  });
}

export function indicatorRegister(app: FastifyInstance): void {
  const referencesRefused = 'Um dos registros escolhidos não existe.';
  registerRoutes<IndicatorRow, IndicatorInput, IndicatorUpdate>(app, {
    contract: salaRegisters.indicators,
    visibility: {
      sees: (ctx, row) => worksOnPillar(ctx, row.eixoId),
      keeps: (ctx, input) => worksOnPillar(ctx, input.eixoId),
      refused: SALA_MESSAGES.pillarRefused,
      idOf: (input) => input.indicadorId,
    },
    store: {
      list: (db, tenantId) => repo.listIndicators(db, tenantId),
      get: async (db, tenantId, id) => (await repo.listIndicators(db, tenantId, id))[0] ?? null,
      create: (db, tenantId, input) => repo.createIndicator(db, tenantId, input),
      update: (db, tenantId, input) => repo.updateIndicator(db, tenantId, input),
      remove: (db, tenantId, id) => repo.removeIndicator(db, tenantId, id),
    },
    validate: async (db, tenantId, input) => {
      await requireOwned(db, tenantId, salaIndicadorUnidade, salaIndicadorUnidade.unidadeId, [input.unidadeId], referencesRefused);
      await requireOwned(db, tenantId, salaIndicadorFonte, salaIndicadorFonte.fonteId, [input.fonteId], referencesRefused);
      await requireOwned(db, tenantId, salaIndicadorApuracao, salaIndicadorApuracao.apuracaoId, [input.apuracaoId], referencesRefused);
      await requireOwned(db, tenantId, salaIndicadorLeitura, salaIndicadorLeitura.leituraId, [input.leituraId], referencesRefused);
      await requireOwned(db, tenantId, eixo, eixo.eixoId, [input.eixoId], 'Pilar não encontrado.');
      await requireOwned(db, tenantId, salaIndicadorNivel, salaIndicadorNivel.nivelId, input.nivelIds, 'Nível não encontrado.');
    },
  });
}
