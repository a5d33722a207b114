import { Badge } from '@chakra-ui/react';
import { reportStatusName, reportStatusTone } from '../domain/report-common.ts';
import type { RowTone } from './data-table.tsx';

// Field and administrative reports share their statuses (spec §4), so they share how a status looks.

const TONE: Record<ReturnType<typeof reportStatusTone>, RowTone> = { red: 'danger', green: 'success', orange: 'warning' };
const PALETTE: Record<ReturnType<typeof reportStatusTone>, string> = { red: 'red', green: 'green', orange: 'orange' };

/** Spec §4 row colours: 0/1 rejected, 2/4 evidenced, 3 rejection reason visible. */
export function reportRowTone(statusRelatorioId: number): RowTone {
  return TONE[reportStatusTone(statusRelatorioId)];
}

/**
 * The status in words, so a row's colour is never the only carrier of it; "pendente" while the
 * report is only on this device, "requer atenção" when the server refused it.
 */
export function ReportStatusBadge({
  statusRelatorioId,
  pending = false,
  attention = false,
}: {
  statusRelatorioId: number;
  pending?: boolean;
  attention?: boolean;
}) {
  if (attention) {
    return (
      <Badge colorPalette="red" variant="outline" title="O servidor recusou este relatório; veja a Sincronização">
        requer atenção
      </Badge>
    );
  }
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
