import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberTenantFromAddress } from './api/tenant.ts';
import { App } from './app/app.tsx';
import { installPtBrErrors } from './domain/zod-pt-br.ts';
import { refreshSession } from './session/refresh.ts';

installPtBrErrors();
rememberTenantFromAddress();
void refreshSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html não tem o elemento #root.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
