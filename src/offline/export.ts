import type { FileRecord, OfflineDb } from './db.ts';

/**
 * "Exportar fila": the queue and its files in ONE downloaded tar archive for support, written
 * piece by piece so a queue of hundreds of megabytes never sits in memory: with the File System
 * Access API (Chromium) each piece goes straight to the chosen file; elsewhere the archive is a Blob
 * assembled from Blob parts, which the browser keeps on disk and never copies into the page's heap.
 */

// ---------------------------------------------------------------- tar (ustar + pax long names)

const BLOCK = 512;
/** Files are written in slices of this size so progress moves and no slice is large. */
export const EXPORT_SLICE_BYTES = 1024 * 1024;

export type TarPart = Uint8Array<ArrayBuffer> | Blob;

/** Where the archive goes. `write` resolves once the part is accepted (the writer waits on it). */
export type TarSink = { write(part: TarPart): Promise<void> };

const encoder = new TextEncoder();

function writeText(block: Uint8Array, offset: number, length: number, text: string): void {
  // encodeInto never writes half a character, so a cut UTF-8 name stays valid.
  encoder.encodeInto(text, block.subarray(offset, offset + length));
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  // length - 1 digits, then NUL: what every tar reads.
  writeText(
    block,
    offset,
    length,
    `${Math.floor(value)
      .toString(8)
      .padStart(length - 1, '0')}\0`,
  );
}

function paddingFor(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function header(name: string, size: number, mtimeMs: number, type: '0' | 'x'): Uint8Array<ArrayBuffer> {
  const block = new Uint8Array(BLOCK);
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, mtimeMs / 1000);
  // The checksum is computed with its own field read as spaces.
  block.fill(0x20, 148, 156);
  writeText(block, 156, 1, type);
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  writeText(block, 265, 32, 'cidade-empreendedora');
  writeText(block, 297, 32, 'cidade-empreendedora');
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeText(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** A pax "path" record: its decimal length counts the digits of that length too. */
function paxPathRecord(name: string): Uint8Array<ArrayBuffer> {
  const body = encoder.encode(` path=${name}\n`).length;
  let length = body + String(body).length;
  if (String(length).length > length - body) length += 1;
  return encoder.encode(`${length} path=${name}\n`) as Uint8Array<ArrayBuffer>;
}

function needsPax(name: string): boolean {
  return encoder.encode(name).length > 100;
}

/** Bytes the archive of these entries takes, for a progress bar's total. */
export function tarSize(entries: ReadonlyArray<{ name: string; size: number }>): number {
  let total = 2 * BLOCK;
  for (const { name, size } of entries) {
    if (needsPax(name)) {
      const record = paxPathRecord(name).length;
      total += BLOCK + record + paddingFor(record);
    }
    total += BLOCK + size + paddingFor(size);
  }
  return total;
}

/**
 * A streaming tar writer: regular files only, names of any length (pax headers, read by GNU tar,
 * bsdtar, 7-Zip and Windows' tar), sizes up to 8 GiB. `onBytes` reports each piece handed to the sink.
 */
export class TarWriter {
  private finished = false;

  constructor(
    private readonly sink: TarSink,
    private readonly onBytes: (bytes: number) => void = () => {},
  ) {}

  private async put(part: TarPart): Promise<void> {
    await this.sink.write(part);
    this.onBytes(part instanceof Blob ? part.size : part.byteLength);
  }

  async addFile(name: string, data: Blob | Uint8Array<ArrayBuffer>, mtimeMs: number): Promise<void> {
    if (this.finished) throw new Error('O arquivo de exportação já foi fechado.');
    const size = data instanceof Blob ? data.size : data.byteLength;
    if (needsPax(name)) {
      const record = paxPathRecord(name);
      await this.put(header(`PaxHeader/${name}`, record.length, mtimeMs, 'x'));
      await this.put(record);
      await this.pad(record.length);
    }
    await this.put(header(name, size, mtimeMs, '0'));
    if (data instanceof Blob) {
      for (let offset = 0; offset < size; offset += EXPORT_SLICE_BYTES) {
        await this.put(data.slice(offset, Math.min(size, offset + EXPORT_SLICE_BYTES)));
      }
    } else if (size > 0) {
      await this.put(data);
    }
    await this.pad(size);
  }

  private async pad(size: number): Promise<void> {
    const padding = paddingFor(size);
    if (padding > 0) await this.put(new Uint8Array(padding));
  }

  /** Two empty blocks close the archive. */
  async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await this.put(new Uint8Array(2 * BLOCK));
  }
}

// ---------------------------------------------------------------- the queue export

export type ExportProgress = { written: number; total: number };

/** A place to write the archive, and how to finish or give up on it. */
export type ExportTarget = TarSink & {
  close(): Promise<void>;
  abort(): Promise<void>;
};

/** "fila-sincronizacao-2025-03-10-1432.tar", in the device's clock. */
export function exportFileName(now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `fila-sincronizacao-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.tar`;
}

/** A file name that stays one path segment inside the archive. */
function safeName(name: string): string {
  const cleaned = Array.from(name, (c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c))
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'arquivo' : cleaned;
}

export function exportedFilePath(file: Pick<FileRecord, 'id' | 'name'>): string {
  return `arquivos/${file.id}-${safeName(file.name)}`;
}

type FileMeta = Omit<FileRecord, 'blob'> & { arquivo: string };

/**
 * Writes the queue to `target`: fila.json (every entry and the metadata of its files, without the
 * Blobs), then arquivos/<fileId>-<name> for each stored file. Files are read from IndexedDB one
 * at a time, so memory stays flat whatever the queue holds. The caller closes the target.
 */
export async function writeQueueExport(
  db: OfflineDb,
  target: TarSink,
  { onProgress, now = Date.now() }: { onProgress?: (progress: ExportProgress) => void; now?: number } = {},
): Promise<ExportProgress> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const fileIds = (await db.files.toCollection().primaryKeys()) as string[];
  const files: FileMeta[] = [];
  for (const id of fileIds) {
    const record = await db.files.get(id);
    if (!record) continue;
    const { blob: _blob, ...meta } = record;
    files.push({ ...meta, arquivo: exportedFilePath(record) });
  }
  const manifest = encoder.encode(
    JSON.stringify({ exportadoEm: new Date(now).toISOString(), banco: db.name, itens: entries, arquivos: files }, null, 2),
  ) as Uint8Array<ArrayBuffer>;

  const total = tarSize([{ name: 'fila.json', size: manifest.byteLength }, ...files.map((f) => ({ name: f.arquivo, size: f.size }))]);
  let written = 0;
  const writer = new TarWriter(target, (bytes) => {
    written += bytes;
    onProgress?.({ written, total });
  });
  await writer.addFile('fila.json', manifest, now);
  for (const meta of files) {
    const record = await db.files.get(meta.id);
    // Sent (and so deleted) while exporting: fila.json still describes it, the bytes are on the server.
    if (record) await writer.addFile(meta.arquivo, record.blob, now);
  }
  await writer.finish();
  return { written, total: written };
}

// ---------------------------------------------------------------- where the archive goes

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: Array<{ description: string; accept: Record<string, string[]> }>;
}) => Promise<FileSystemFileHandle>;

/** Chromium's file writer: each piece goes to disk as it is written. */
export function writableTarget(stream: FileSystemWritableFileStream): ExportTarget {
  return {
    write: (part) => stream.write(part),
    close: () => stream.close(),
    abort: () => stream.abort(),
  };
}

/**
 * Elsewhere: a Blob made of the pieces (the file pieces are slices of IndexedDB Blobs, which the
 * browser keeps on disk), downloaded through an object URL when closed.
 */
export function blobTarget(
  fileName: string,
  download: (blob: Blob, fileName: string) => void = downloadBlob,
): ExportTarget & { parts: TarPart[] } {
  const parts: TarPart[] = [];
  return {
    parts,
    write: async (part) => {
      parts.push(part);
    },
    close: async () => download(new Blob(parts, { type: 'application/x-tar' }), fileName),
    abort: async () => {
      parts.length = 0;
    },
  };
}

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Asks where to save (Chromium) or prepares a download (other browsers). Call it first thing in
 * the click handler: the file picker needs the click's user activation. null: the user cancelled.
 */
export async function chooseExportTarget(fileName: string = exportFileName()): Promise<ExportTarget | null> {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!picker) return blobTarget(fileName);
  try {
    const handle = await picker.call(window, {
      suggestedName: fileName,
      types: [{ description: 'Arquivo tar', accept: { 'application/x-tar': ['.tar'] } }],
    });
    return writableTarget(await handle.createWritable());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // A picker that refuses (cross-origin frame, policy): the plain download still works.
    return blobTarget(fileName);
  }
}

/** Exports the queue to `target` and closes it; on failure the partial file is discarded. */
export async function exportQueue(db: OfflineDb, target: ExportTarget, onProgress?: (progress: ExportProgress) => void): Promise<void> {
  try {
    await writeQueueExport(db, target, { onProgress });
  } catch (error) {
    await target.abort().catch(() => {});
    throw error;
  }
  await target.close();
}
