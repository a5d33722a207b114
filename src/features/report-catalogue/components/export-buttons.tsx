import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ExportFormat, ReportDefinition, ReportFilters } from '../../../domain/report-catalogue.ts';
import { reportCatalogueData } from '../data.ts';

/** Exportar Excel / Exportar CSV with the bytes received so far (the server streams the file). */
export function ExportButtons({
  report,
  filters,
  disabled,
}: {
  report: ReportDefinition;
  filters: ReportFilters | null;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [received, setReceived] = useState(0);
  const run = async (formato: ExportFormat) => {
    if (!filters) return;
    setBusy(formato);
    setReceived(0);
    await reportCatalogueData.exportReport({ report, filtros: filters, formato, onProgress: (p) => setReceived(p.received) });
    setBusy(null);
  };
  return (
    <HStack gap="3" wrap="wrap">
      <Button variant="outline" onClick={() => void run('xlsx')} loading={busy === 'xlsx'} disabled={disabled || !filters || busy !== null}>
        Exportar Excel
      </Button>
      <Button variant="outline" onClick={() => void run('csv')} loading={busy === 'csv'} disabled={disabled || !filters || busy !== null}>
        Exportar CSV
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {busy ? `Exportando… ${(received / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} KB recebidos` : ''}
      </Text>
    </HStack>
  );
}
