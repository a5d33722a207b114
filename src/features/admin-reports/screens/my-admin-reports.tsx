import { Heading, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { useSession } from '../../../session/store.ts';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AdminReportTable } from '../components/admin-report-table.tsx';
import { AdminReportsGate } from '../components/gate.tsx';
import { adminReports, useMunicipalityNames } from '../data.ts';
import { LoadError } from '../../../ui/list-screen.tsx';

/** /meus-relatorios-administrativos (menu "Meus Relatórios Admin"): the user's own reports in every municipality (get-by-usuario/{id}/0). */
export function MyAdminReportsScreen() {
  return (
    <AdminReportsGate>
      <MyAdminReports />
    </AdminReportsGate>
  );
}

function MyAdminReports() {
  const session = useSession();
  const reports = adminReports.useOwn(session.user?.usuarioId ?? null);
  const cities = useMunicipalityNames();
  const headingId = useId();
  const cityNames = useMemo(
    () => new Map(cities.status === 'ready' ? cities.data.map((c) => [c.municipioId, c.nome] as const) : []),
    [cities],
  );
  return (
    <Stack gap="5">
      <PageTitle parts={['Meus Relatórios Admin']} />
      <Heading as="h1" size="2xl" id={headingId}>
        Meus Relatórios Admin
      </Heading>
      {reports.status === 'error' ? (
        <LoadError message={ERROR_MESSAGES.getAdminReports} onRetry={reports.reload} />
      ) : (
        <AdminReportTable
          rows={reports.status === 'ready' ? reports.data : []}
          cityNames={cityNames}
          labelledBy={headingId}
          loading={reports.status === 'loading'}
        />
      )}
    </Stack>
  );
}
