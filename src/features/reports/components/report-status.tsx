import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import { TIME_ZONE } from '../../../domain/format.ts';
import { reportStatusName, reportStatusTone } from '../../../domain/reports.ts';
import type { RowTone } from '../../../ui/data-table.tsx';
import { useSession } from '../../../session/store.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';

/** Spec §8 wording of an empty report list. */
export const EMPTY_REPORTS = 'Nenhum relatório retornado';

/**
 * Title links of the long report lists, styled like AppLink by one rule on the table's wrapper:
 * a plain router link per row keeps thousands of rows cheap to render.
 */
export const LINK_CELLS = {
  '& :is(th[scope="row"], [data-card-title]) a': { color: 'colorPalette.fg', fontWeight: 'medium', textUnderlineOffset: '3px' },
  '& :is(th[scope="row"], [data-card-title]) a:hover': { textDecoration: 'underline' },
  '& :is(th[scope="row"], [data-card-title]) a:focus-visible': {
    outline: '2px solid',
    outlineColor: 'colorPalette.focusRing',
    outlineOffset: '2px',
    borderRadius: 'l1',
  },
} as const;

const TONE: Record<ReturnType<typeof reportStatusTone>, RowTone> = { red: 'danger', green: 'success', orange: 'warning' };
const PALETTE: Record<ReturnType<typeof reportStatusTone>, string> = { red: 'red', green: 'green', orange: 'orange' };

/** Spec §4 row colours: 0/1 rejected, 2/4 evidenced, 3 rejection reason visible. */
export function reportRowTone(statusRelatorioId: number): RowTone {
  return TONE[reportStatusTone(statusRelatorioId)];
}

/** The status in words, so the row colour is never the only carrier of it; "pendente" while only on this device. */
export function ReportStatusBadge({ statusRelatorioId, pending = false }: { statusRelatorioId: number; pending?: boolean }) {
  if (pending) {
    return (
      <Badge colorPalette="orange" variant="outline" title="Salvo neste aparelho; será enviado ao servidor">
        pendente
      </Badge>
    );
  }
  return (
    <Badge colorPalette={PALETTE[reportStatusTone(statusRelatorioId)]} variant="subtle">
      {reportStatusName(statusRelatorioId)}
    </Badge>
  );
}

/** The signed-in user's permission context, or null while signed out; the same object while the session holds. */
export function usePermissionContext(): PermissionContext | null {
  const { user, config } = useSession();
  return useMemo(() => (user ? { usuario: user, config } : null), [user, config]);
}

// One formatter for every row: date-fns-tz builds its answer piece by piece, about twenty times slower per call.
const DAY_IN_SAO_PAULO = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** DD/MM/YYYY in São Paulo of an ISO instant (a report's creation), for lists of thousands of rows. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY_IN_SAO_PAULO.format(date);
}
