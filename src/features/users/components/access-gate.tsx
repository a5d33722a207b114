import { Outlet } from 'react-router-dom';
import { AccessGate } from '../../../ui/access-gate.tsx';

/** One gate for the three user screens, with the server's rule for api/usuario management. */
export function UsersAccessGate() {
  return (
    <AccessGate flag="menuUsuarios">
      <Outlet />
    </AccessGate>
  );
}
