import { useLive } from '../../offline/live.ts';
import { useMemo } from 'react';
import type { OfflineBundleSummary } from '../../domain/offline-bundle-summary.ts';
import type { DownloadProgress, OfflineMunicipality } from '../../offline/bundle.ts';
import { chooseExportTarget, exportQueue, type ExportProgress } from '../../offline/export.ts';
import { useOfflineDb } from '../../offline/hooks.ts';
import { findMutationKind } from '../../offline/kinds.ts';
import { discard, retryNow, updateParked } from '../../offline/outbox.ts';
import { getOfflineDb } from '../../offline/store.ts';

import {
  useOfflineMunicipalities,
  useOfflineUnavailable,
  useOutboxEntries,
  useStorageEstimate,
  useSyncState,
} from '../../offline/hooks.ts';
export type { SyncStatus, SyncView } from '../../offline/hooks.ts';
export type { OutboxEntry, OutboxStatus } from '../../offline/db.ts';
export type { CommandResult } from '../../data/command.ts';
export type { DownloadProgress, ExportProgress, OfflineBundleSummary, OfflineMunicipality };
export { formatBytes } from '../../domain/format.ts';

import { useMunicipalityRows } from '../../entities/municipality/lists.ts';
import { NO_STORE_MESSAGE } from '../../offline/bundle-api.ts';
import { command } from '../../data/command.ts';

export { NO_STORE_MESSAGE };

function requireDb() {
  const db = getOfflineDb();
  if (!db) throw new Error(NO_STORE_MESSAGE);
  return db;
}

// ---------------------------------------------------------------- the queue

/** The kind's pt-BR title ("Novo relatório"); an entry of a kind this page never registered falls back to a neutral word, never the id. */
function kindTitle(kind: string): string {
  return findMutationKind(kind)?.title ?? 'Alteração';
}

// The sync centre's actions are device commands (src/data/command.ts): their failures are triaged
// and shown there, once; the screens only read the result.

/** "Tentar agora": clears the wait (or resends a parked item as it is); the engine drains at once. */
const retryEntry = command.device({
  run: (id: string) => retryNow(requireDb(), id),
  failure: { message: 'Não foi possível concluir a ação.' },
});

/** Edit and resend a parked item; the outbox's refusal comes back `invalid`, with pt-BR messages per field. */
const resendEntry = command.device({
  run: ({ id, payload }: { id: string; payload: unknown }) => updateParked(requireDb(), id, payload),
  failure: { message: 'Não foi possível reenviar o item.' },
});

const discardEntry = command.device({
  run: (id: string) => discard(requireDb(), id),
  failure: { message: 'Não foi possível concluir a ação.' },
});

/**
 * Municipality names by id: those the device holds (offline downloads, pulls), completed by the
 * user's list from the server when online, so queued items name their municipality either way.
 */
function useMunicipalityNames(fromServer: MunicipalityOptions): ReadonlyMap<number, string> {
  const db = useOfflineDb();
  const cached = useLive(
    async () => {
      const names = new Map<number, string>();
      if (!db) return names;
      await db.municipios.each((row) => void names.set(row.municipioId, row.nome));
      return names;
    },
    [db],
    new Map<number, string>(),
  );
  return useMemo(() => {
    const names = new Map(cached);
    if (fromServer.status === 'ready') for (const m of fromServer.data) if (!names.has(m.municipioId)) names.set(m.municipioId, m.nome);
    return names;
  }, [cached, fromServer]);
}

/**
 * Writes the queue and its files to one .tar file. Call it first in the click handler (the save
 * picker needs the click: the command runs it before its first await). false: the user cancelled the picker.
 */
const exportQueueToFile = command.device({
  run: async (onProgress: (progress: ExportProgress) => void): Promise<boolean> => {
    const db = requireDb();
    const target = await chooseExportTarget();
    if (!target) return false;
    await exportQueue(db, target, onProgress);
    return true;
  },
  failure: { title: 'Não foi possível exportar a fila' },
});

// ---------------------------------------------------------------- offline municipalities

export type MunicipalityOptions = ReturnType<typeof useMunicipalityOptions>;

/** The municipalities this user may see (GET api/municipio), offered for download; needs the network. */
function useMunicipalityOptions() {
  return useMunicipalityRows();
}

import { municipalityData } from '../../entities/municipality/data.ts';

/** The sync centre's data object: the queue and its state, the device's storage and offline municipalities, and the actions on them. */
export const syncData = {
  useSyncState,
  useOutboxEntries,
  useOfflineUnavailable,
  useOfflineMunicipalities,
  useStorageEstimate,
  useMunicipalityNames,
  useMunicipalityOptions,
  kindTitle,
  retryEntry,
  resendEntry,
  discardEntry,
  exportQueueToFile,
  removeOffline: municipalityData.removeAvailableOffline,
};
