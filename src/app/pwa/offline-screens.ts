import { canOpenCityTab, type CityTabId } from '../../domain/city-tabs.ts';
import { flatMenu, menuTree, visibleMenu } from '../../domain/menu.ts';
import type { PermissionContext } from '../../domain/permissions.ts';
import type { Variant } from '../../domain/variants.ts';
import { OFFLINE_GROUPS_MESSAGE, type OfflineGroupsMessage } from '../../lib/app-files.ts';
import { getSession, subscribeSession } from '../../session/store.ts';
import { currentVariant } from '../../session/variant.ts';
import { whenSettled } from '../../lib/settled.ts';

type Who = { ctx: PermissionContext; variant: Pick<Variant, 'mode'>; uf: string; menu: ReadonlySet<string> };

// A city tab's flag and its own rule, outside any one city (the specialist role of batch events is
// per city: with none named, a permission without a city counts), as the tab bar decides.
const tab =
  (...ids: CityTabId[]) =>
  ({ ctx, uf }: Who) =>
    ids.some((id) => canOpenCityTab(id, { ...ctx, municipioId: 0 }, uf));

const always = () => true;

/**
 * The groups of dist/route-chunks.json (a feature's signed-in screens, or the signed-in frame) whose
 * screens work offline, because they read the device store (query.local) or queue their writes, and
 * who may open them: the menus' and the city tabs' own rules. The other features' screens read the
 * API, so offline they could show nothing: they are never cached, and load from the network when opened.
 */
export const OFFLINE_GROUPS: Readonly<Record<string, (who: Who) => boolean>> = {
  // The signed-in frame and route table; the city list, the city's header, general tab and groups; the sync centre.
  frame: always,
  municipalities: always,
  sync: always,
  'field-reports': tab('relatorio'),
  'admin-reports': tab('relatorio-administrativo'),
  followups: tab('acompanhamento'),
  evidence: tab('evidencia'),
  meetings: tab('evento', 'evento-em-lote'),
  // The municipality's solutions (under the Grupos tab) and its progress.
  'municipality-solutions': tab('grupo', 'andamento'),
  // The agent's visits (issue 31): a user's own visits in a municipality they see, whatever the group
  // (the server checks the visit's agent), so anyone may be the agent who records one in the field.
  territories: always,
  // The room's home and indicator map, and its 5W2H plans: from the Sala menu entries or the city's Sala tab.
  sala: (who) => who.menu.has('minha-sala') || who.menu.has('sala-empreendedor') || tab('sala')(who),
  'sala-5w2h': (who) => who.menu.has('minha-sala') || who.menu.has('sala-empreendedor') || tab('sala')(who),
};

/** The groups this session's user can open offline (`availablePaths`: the screens that exist); none when signed out. */
export function offlineGroups(
  ctx: PermissionContext | null,
  variant: Pick<Variant, 'mode'>,
  uf: string,
  availablePaths: readonly string[],
): string[] {
  if (!ctx) return [];
  const menu = new Set(flatMenu(visibleMenu(menuTree(variant), ctx, { availablePaths })).map((item) => item.key));
  const who: Who = { ctx, variant, uf, menu };
  return Object.entries(OFFLINE_GROUPS)
    .filter(([, opens]) => opens(who))
    .map(([group]) => group);
}

/** Sends the list to the worker that controls the page; resolves once it has stored the files. */
async function sendGroups(groups: string[]): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return;
  const channel = new MessageChannel();
  const stored = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  const message: OfflineGroupsMessage = { type: OFFLINE_GROUPS_MESSAGE, groups };
  worker.postMessage(message, [channel.port2]);
  await stored;
}

/**
 * Tells the service worker which screens to keep offline (issue 32, item 6): on every start (a new
 * version's worker then replaces the old files), after sign-in, when the permissions change, and
 * after sign-out (nothing: the next user's screens are theirs). Each time once the page has settled,
 * so the download never competes with the screen being opened.
 */
export function keepOfflineScreens(): void {
  let latest: string[] | null = null;
  let sent: string | null = null;
  const send = () => {
    // The latest list when the page settles, whichever change asked first, and once.
    const groups = latest ?? [];
    if (groups.join(',') === sent) return;
    sent = groups.join(',');
    sendGroups(groups).catch((error: unknown) => console.error(error));
  };
  const update = async () => {
    const session = getSession();
    const { variant, uf } = currentVariant();
    const ctx = session.user ? { usuario: session.user, config: session.config } : null;
    // The route table comes with the signed-in frame: a signed-out visitor's shell does not carry it.
    const paths = ctx ? (await import('../available-paths.ts')).availablePaths : [];
    const groups = offlineGroups(ctx, variant, uf, paths);
    if (latest && latest.join(',') === groups.join(',')) return;
    latest = groups;
    whenSettled(send);
  };
  const run = () => void update().catch((error: unknown) => console.error(error));
  run();
  subscribeSession(run);
}
