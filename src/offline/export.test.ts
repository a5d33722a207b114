import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineDb, openOfflineDb, type FileRecord, type OfflineDb, type OutboxEntry } from './db.ts';
import { blobTarget, exportQueue, tarSize, TarWriter, writeQueueExport, type TarPart } from './export.ts';

/** A minimal tar reader, written from the POSIX ustar/pax layout, to read back what the writer made. */
type TarEntryRead = { name: string; size: number; mtime: number; mode: number; data: Uint8Array };

function field(block: Uint8Array, offset: number, length: number): string {
  const bytes = block.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function octal(block: Uint8Array, offset: number, length: number): number {
  return parseInt(field(block, offset, length).trim(), 8);
}

function readTar(bytes: Uint8Array): TarEntryRead[] {
  const entries: TarEntryRead[] = [];
  let offset = 0;
  let longName: string | null = null;
  for (;;) {
    const block = bytes.subarray(offset, offset + 512);
    expect(block.length).toBe(512);
    if (block.every((b) => b === 0)) {
      // The end: two zero blocks, and nothing after them.
      expect(bytes.subarray(offset).every((b) => b === 0)).toBe(true);
      expect(bytes.length - offset).toBe(1024);
      return entries;
    }
    const checksum = octal(block, 148, 8);
    const copy = block.slice();
    copy.fill(0x20, 148, 156);
    expect(copy.reduce((sum, b) => sum + b, 0)).toBe(checksum);
    expect(field(block, 257, 6)).toBe('ustar');
    const size = octal(block, 124, 12);
    const type = field(block, 156, 1);
    const data = bytes.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      const text = new TextDecoder().decode(data);
      const match = /^(\d+) path=(.*)\n$/s.exec(text);
      expect(match).not.toBeNull();
      expect(Number(match![1])).toBe(data.length);
      longName = match![2];
      continue;
    }
    expect(type).toBe('0');
    entries.push({
      name: longName ?? field(block, 0, 100),
      size,
      mtime: octal(block, 136, 12),
      mode: octal(block, 100, 8),
      data: data.slice(),
    });
    longName = null;
  }
}

/** toEqual on megabytes of bytes takes seconds; a plain loop does not. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function bytesOf(parts: TarPart[]): Promise<Uint8Array> {
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

function collector() {
  const parts: TarPart[] = [];
  return { parts, write: async (part: TarPart) => void parts.push(part) };
}

describe('TarWriter', () => {
  it('writes files that a tar reader gets back byte for byte, with names, sizes and times', async () => {
    const sink = collector();
    const written: number[] = [];
    const writer = new TarWriter(sink, (n) => written.push(n));
    const big = new Uint8Array(2.5 * 1024 * 1024 + 17).map((_, i) => (i * 7) % 251);
    await writer.addFile('fila.json', new TextEncoder().encode('{"a":1}') as Uint8Array<ArrayBuffer>, 1_700_000_000_000);
    await writer.addFile('arquivos/vazio.txt', new Blob([]), 1_700_000_000_000);
    await writer.addFile('arquivos/grande.bin', new Blob([big]), 1_700_000_000_000);
    await writer.finish();

    const bytes = await bytesOf(sink.parts);
    expect(bytes.length % 512).toBe(0);
    expect(written.reduce((a, b) => a + b, 0)).toBe(bytes.length);
    const entries = readTar(bytes);
    expect(entries.map((e) => e.name)).toEqual(['fila.json', 'arquivos/vazio.txt', 'arquivos/grande.bin']);
    expect(new TextDecoder().decode(entries[0].data)).toBe('{"a":1}');
    expect(entries[1].size).toBe(0);
    expect(sameBytes(entries[2].data, big)).toBe(true);
    expect(entries[0].mtime).toBe(1_700_000_000);
    expect(entries[0].mode).toBe(0o644);
    // Large files are handed over in slices, never as one piece.
    expect(sink.parts.filter((p) => p instanceof Blob).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps long and accented names whole through pax headers', async () => {
    const sink = collector();
    const writer = new TarWriter(sink);
    const long = `arquivos/${'0123456789'.repeat(9)}-relatório de ação.pdf`;
    const accented = 'arquivos/relatório-São José.pdf';
    await writer.addFile(long, new Blob(['%PDF-1.4']), 0);
    await writer.addFile(accented, new Blob(['%PDF-1.5']), 0);
    await writer.finish();
    const bytes = await bytesOf(sink.parts);
    expect(readTar(bytes).map((e) => e.name)).toEqual([long, accented]);
    expect(
      tarSize([
        { name: long, size: 8 },
        { name: accented, size: 8 },
      ]),
    ).toBe(bytes.length);
  });

  it('predicts the archive size exactly and reads back names across the pax length boundaries', async () => {
    // A pax record's length counts its own digits: around a 990-byte name it crosses 999 → 1000.
    const lengths = [99, 100, 101, 102, ...Array.from({ length: 12 }, (_, i) => 984 + i)];
    for (const n of lengths) {
      const name = 'a'.repeat(n);
      const sink = collector();
      const writer = new TarWriter(sink);
      await writer.addFile(name, new Uint8Array(3), 0);
      await writer.finish();
      const bytes = await bytesOf(sink.parts);
      expect(bytes.length).toBe(tarSize([{ name, size: 3 }]));
      expect(readTar(bytes).map((e) => e.name)).toEqual([name]);
    }
  });
});

describe('exportQueue', () => {
  let db: OfflineDb;
  afterEach(async () => {
    db?.close();
    await deleteOfflineDb('sc', 91);
  });

  function entry(id: string, seq: number, fileIds: string[] = []): OutboxEntry {
    return {
      id,
      seq,
      kind: 'member-create',
      entityKey: `membro:${-seq}`,
      dependsOn: [],
      municipioId: 7,
      label: `Membro ${id}`,
      payload: { nome: `Pessoa ${seq}` },
      request: { method: 'POST', path: 'municipio/membro/cadastrar-membro', json: { nome: `Pessoa ${seq}` } },
      tempId: -seq,
      serverIdField: 'membroId',
      fileIds,
      bytes: 0,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 1_700_000_000_000 + seq,
      lastError: null,
      response: null,
    };
  }

  function file(id: string, outboxId: string, name: string, content: Uint8Array<ArrayBuffer>): FileRecord {
    return {
      id,
      outboxId,
      name,
      type: 'application/pdf',
      size: content.byteLength,
      sha256: 'a'.repeat(64),
      blob: new Blob([content]),
      purpose: 'evidencia',
      uploadId: null,
      uploaded: 0,
      done: false,
    };
  }

  it('exports fila.json without Blobs and every file under arquivos/, in one archive, with progress', async () => {
    db = await openOfflineDb('sc', 91);
    const pdf = new Uint8Array(1_300_000).map((_, i) => i % 256);
    await db.outbox.bulkAdd([entry('e-2', 2, ['f-1', 'f-2']), entry('e-1', 1)]);
    await db.files.bulkAdd([
      file('f-1', 'e-2', 'ata/reunião.pdf', pdf),
      file('f-2', 'e-2', 'lista.xlsx', new TextEncoder().encode('PK') as Uint8Array<ArrayBuffer>),
    ]);

    let downloaded: { blob: Blob; name: string } | null = null;
    const target = blobTarget('fila.tar', (blob, name) => {
      downloaded = { blob, name };
    });
    const progress: number[] = [];
    let total = 0;
    await exportQueue(db, target, (p) => {
      progress.push(p.written);
      total = p.total;
    });

    expect(downloaded).not.toBeNull();
    const { blob, name } = downloaded!;
    expect(name).toBe('fila.tar');
    const entries = readTar(new Uint8Array(await blob.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['fila.json', 'arquivos/f-1-ata_reunião.pdf', 'arquivos/f-2-lista.xlsx']);
    expect(sameBytes(entries[1].data, pdf)).toBe(true);

    const manifest = JSON.parse(new TextDecoder().decode(entries[0].data));
    expect(manifest.itens.map((e: OutboxEntry) => e.id)).toEqual(['e-1', 'e-2']);
    expect(manifest.arquivos.map((f: { arquivo: string }) => f.arquivo)).toEqual([
      'arquivos/f-1-ata_reunião.pdf',
      'arquivos/f-2-lista.xlsx',
    ]);
    expect(manifest.arquivos[0]).not.toHaveProperty('blob');
    expect(manifest.arquivos[0].size).toBe(pdf.byteLength);

    expect(total).toBe(blob.size);
    expect(progress.at(-1)).toBe(blob.size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('discards the partial archive when writing fails', async () => {
    db = await openOfflineDb('sc', 91);
    await db.outbox.add(entry('e-1', 1));
    let aborted = false;
    let closed = false;
    const failing = {
      write: async () => {
        throw new DOMException('Disco cheio', 'QuotaExceededError');
      },
      close: async () => void (closed = true),
      abort: async () => void (aborted = true),
    };
    await expect(exportQueue(db, failing)).rejects.toThrow('Disco cheio');
    expect(aborted).toBe(true);
    expect(closed).toBe(false);
  });

  it('exports an empty queue as an archive holding only fila.json', async () => {
    db = await openOfflineDb('sc', 91);
    const sink = collector();
    const result = await writeQueueExport(db, sink, { now: 0 });
    const entries = readTar(await bytesOf(sink.parts));
    expect(entries.map((e) => e.name)).toEqual(['fila.json']);
    expect(JSON.parse(new TextDecoder().decode(entries[0].data))).toMatchObject({
      itens: [],
      arquivos: [],
      exportadoEm: '1970-01-01T00:00:00.000Z',
    });
    expect(result.written).toBe(result.total);
  });
});
