import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFontFiles } from '../../src/domain/pdf-text.ts';

/** The PDF fonts (src/domain/pdf-text.ts) for the server, read once from their packages. */
const require = createRequire(import.meta.url);
let files: Promise<PdfFontFiles> | undefined;

const read = async (file: string) => new Uint8Array(await readFile(require.resolve(file)));

export function loadPdfFonts(): Promise<PdfFontFiles> {
  files ??= Promise.all([
    read('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    read('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    read('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
  ]).then(([regular, bold, emoji]) => ({ regular, bold, emoji }));
  files.catch(() => (files = undefined));
  return files;
}
