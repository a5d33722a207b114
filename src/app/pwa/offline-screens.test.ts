// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { FlagKey } from '../../domain/permission-flags.ts';
import type { PermissionContext } from '../../domain/permissions.ts';
import { testContext } from '../../domain/testing/session-user.ts';
import { VARIANTS, type Variant } from '../../domain/variants.ts';
import { availablePaths } from '../available-paths.ts';
import { OFFLINE_GROUPS, offlineGroups } from './offline-screens.ts';

function who(group: FlagKey[], opts: { fullAdmin?: boolean; groupName?: string } = {}): PermissionContext {
  return testContext({ on: group, fullAdmin: opts.fullAdmin, group: opts.groupName });
}

const ce = VARIANTS['cidade-empreendedora'];
const groupsFor = (ctx: PermissionContext | null, variant: Variant, uf: string) => offlineGroups(ctx, variant, uf, availablePaths);
const ALWAYS = ['frame', 'municipalities', 'sync', 'territories'];

describe('the screens a user keeps offline (issue 32, item 6)', () => {
  it('a member who only answers follow-ups keeps the frame, the city, the sync centre, their visits and the follow-ups', () => {
    expect(groupsFor(who(['verAbaGeral', 'verAbaAcompanhamento']), ce, 'SC').sort()).toEqual([...ALWAYS, 'followups'].sort());
  });

  it("a consultant keeps each tab's offline screens that the group's flags open, and no Sala screens", () => {
    const groups = groupsFor(
      who(['verAbaGeral', 'verAbaAcompanhamento', 'verAbaEvidencia', 'verAbaRelatorio', 'verAbaGrupo', 'verAbaEvento']),
      ce,
      'SC',
    );
    expect(groups.sort()).toEqual([...ALWAYS, 'evidence', 'field-reports', 'followups', 'meetings', 'municipality-solutions'].sort());
  });

  it('the full admin keeps every offline group; signed out, nothing', () => {
    expect(groupsFor(who([], { fullAdmin: true }), ce, 'SC').sort()).toEqual(Object.keys(OFFLINE_GROUPS).sort());
    expect(groupsFor(null, ce, 'SC')).toEqual([]);
  });

  it("the Sala variant's room screens come with its Sala tab", () => {
    expect(groupsFor(who(['verAbaSala']), VARIANTS.sala, 'SC')).toEqual(expect.arrayContaining(['sala', 'sala-5w2h']));
    expect(groupsFor(who(['verAbaSala']), ce, 'SC')).toEqual(expect.arrayContaining(['sala', 'sala-5w2h']));
    expect(groupsFor(who([]), ce, 'SC')).not.toContain('sala');
  });

  it('names only groups the build makes: the signed-in frame or a feature with a route table', () => {
    // The route tables' paths only: nothing is loaded.
    const tables = new Set(Object.keys(import.meta.glob('/src/features/*/routes.tsx')).map((file) => file.split('/')[3]));
    for (const group of Object.keys(OFFLINE_GROUPS)) if (group !== 'frame') expect(tables.has(group), group).toBe(true);
  });
});
