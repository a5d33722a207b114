import { currentVariant } from '../session/variant.ts';

function setLink(rel: string, href: string, type?: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
  if (type) link.type = type;
}

/** Title, theme colour, icon and web app manifest of the visit's variant (one build serves all nine). */
export function applyVariantToDocument(): void {
  const { variant } = currentVariant();
  document.title = variant.title;
  document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', variant.themeColor);
  setLink('icon', variant.icon, 'image/svg+xml');
  setLink('manifest', variant.manifestPath);
}
