import { Outlet } from 'react-router-dom';
import { AccessGate } from '../../../ui/access-gate.tsx';

/**
 * The project register's gate (/projeto), which is also the server's rule for catalogue writes
 * (admins or holders of menuProjetosSolucoes): whoever passes it may create, edit and delete.
 */
export function CatalogueGate() {
  return (
    <AccessGate flag="menuProjetosSolucoes">
      <Outlet />
    </AccessGate>
  );
}
