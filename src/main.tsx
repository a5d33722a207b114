import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyVariantToDocument } from './app/document-variant.ts';
import { installPtBrErrors } from './domain/zod-pt-br.ts';
import { refreshSession } from './session/refresh.ts';

installPtBrErrors();
applyVariantToDocument();
void refreshSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html não tem o elemento #root.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
