import { describe, expect, it } from 'vitest';
import {
  checkAttachments,
  MAX_UPLOAD_BYTES,
  sha256Hex,
  SNIFF_BYTES,
  sniffFileType,
  sniffVerdict,
  uploadStartSchema,
  UPLOAD_MESSAGES,
} from './uploads.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

/** A ZIP local header followed by `entry` at `at`. */
function zip(size: number, entry: string, at = 30): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0x50, 0x4b, 0x03, 0x04]);
  out.set(ascii(entry), at);
  return out;
}

function ole(size: number, stream: string): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  out.set(ascii(Array.from(stream).join('\u0000')), 512);
  return out;
}

describe('sniffFileType', () => {
  it('tells files apart by their leading bytes', () => {
    expect(sniffFileType(ascii('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFileType(zip(200, 'xl/workbook.xml'))).toBe('xlsx');
    expect(sniffFileType(zip(200, 'word/document.xml'))).toBe('docx');
    expect(sniffFileType(ole(1024, 'Workbook'))).toBe('xls');
    expect(sniffFileType(ole(1024, 'WordDocument'))).toBe('doc');
  });

  it('does not trust names or near misses', () => {
    expect(sniffFileType(ascii('relatorio.pdf'))).toBeNull();
    expect(sniffFileType(ascii('%PDF'))).toBeNull();
    expect(sniffFileType(zip(200, 'META-INF/manifest.xml'))).toBeNull();
    expect(sniffFileType(new Uint8Array(0))).toBeNull();
  });
});

describe('sniffVerdict', () => {
  it('accepts an allowed type and refuses another one, whatever the size', () => {
    expect(sniffVerdict('evidencia', ascii('%PDF-1.4'), 10_000_000)).toEqual({ ok: true, tipo: 'pdf' });
    expect(sniffVerdict('evidencia', bytes(0xff, 0xd8, 0xff, 0xe0), 10_000_000)).toEqual({ ok: false });
    expect(sniffVerdict('foto', bytes(0xff, 0xd8, 0xff, 0xe0), 10_000_000)).toEqual({ ok: true, tipo: 'jpeg' });
  });

  it('leaves an unrecognised header undecided only while fewer bytes than sniffing needs have arrived', () => {
    const head = zip(2048, 'nothing yet');
    expect(sniffVerdict('evidencia', head, 5_000_000)).toEqual({ ok: true, tipo: null });
    expect(sniffVerdict('evidencia', zip(SNIFF_BYTES, 'nothing'), 5_000_000)).toEqual({ ok: false });
    // The whole file is there: nothing more will come to decide it.
    expect(sniffVerdict('evidencia', head, head.length)).toEqual({ ok: false });
  });
});

describe('uploadStartSchema', () => {
  const valid = { chave: 'abc12345-x', nome: 'a.pdf', tamanho: 10, sha256: 'a'.repeat(64), finalidade: 'evidencia' };

  it('takes a valid start and refuses files over 25 MB with the spec message', () => {
    expect(uploadStartSchema.safeParse(valid).success).toBe(true);
    const big = uploadStartSchema.safeParse({ ...valid, tamanho: 26_214_401 });
    expect(big.success).toBe(false);
    expect(big.error?.issues[0]?.message).toBe(UPLOAD_MESSAGES.arquivoGrande);
    expect(uploadStartSchema.safeParse({ ...valid, tamanho: 26_214_400 }).success).toBe(true);
  });

  it('refuses a short key and an uppercase hash', () => {
    expect(uploadStartSchema.safeParse({ ...valid, chave: 'curta' }).success).toBe(false);
    expect(uploadStartSchema.safeParse({ ...valid, sha256: 'A'.repeat(64) }).success).toBe(false);
  });
});

describe('checkAttachments (spec §5/§9: 25 MB)', () => {
  it('refuses a file over 25 MB, then a total over 25 MB, with the spec’s messages', () => {
    expect(checkAttachments([], [{ size: MAX_UPLOAD_BYTES + 1 }])).toEqual({ ok: false, message: UPLOAD_MESSAGES.arquivoGrande });
    expect(checkAttachments([{ size: MAX_UPLOAD_BYTES - 10 }], [{ size: 11 }])).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.totalGrande,
    });
    expect(checkAttachments([{ size: MAX_UPLOAD_BYTES - 10 }], [{ size: 10 }])).toEqual({ ok: true });
  });
});

describe('sha256Hex', () => {
  it('gives the hex digest the server compares on concluir', async () => {
    expect(await sha256Hex(new Blob([new TextEncoder().encode('abc')]))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
