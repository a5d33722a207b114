import emojiUrl from '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import type { PdfFontFiles } from '../domain/pdf-text.ts';

/**
 * The PDF fonts (src/domain/pdf-text.ts) for the client: separate assets, fetched only when a PDF is
 * made, so the app's shell does not carry them. The service worker precaches them with the shell
 * (vite.config.ts), so a PDF made offline prints the same. Fetched once per page load.
 */
let files: Promise<PdfFontFiles> | undefined;

async function bytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Fonte do PDF indisponível (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

export function loadPdfFonts(): Promise<PdfFontFiles> {
  files ??= Promise.all([bytes(regularUrl), bytes(boldUrl), bytes(emojiUrl)]).then(([regular, bold, emoji]) => ({ regular, bold, emoji }));
  // A failed fetch (offline before the first precache) is tried again next time.
  files.catch(() => (files = undefined));
  return files;
}
