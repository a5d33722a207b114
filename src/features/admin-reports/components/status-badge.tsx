import { Badge } from '@chakra-ui/react';
import { reportStatusName, reportStatusTone } from '../../../domain/report-common.ts';

const PALETTE: Record<ReturnType<typeof reportStatusTone>, string> = { red: 'red', green: 'green', orange: 'orange' };

/**
 * The status in words, so a row's colour is never the only carrier of it; "pendente" while the
 * report is only on this device, "requer atenção" when the server refused it.
 */
export function AdminReportStatusBadge({
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
