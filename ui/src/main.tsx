// Before anything that builds a zod schema (the shared request schemas in @care/events).
import './shared/zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './router';
import { startAccessibilitySettings } from './shared/accessibility/accessibility-store';
import { LocalCopyProvider } from './shared/offline/local-copy-provider';
import { registerServiceWorker } from './shared/offline/pwa-register';
import { createQueryClient } from './shared/query-client';
import { Toaster } from './shared/toast';
import './styles.css';
import './shared/accessibility/accessibility.css';

// The saved accessibility settings apply before the first render: the first paint is already in the chosen theme.
startAccessibilitySettings();
registerServiceWorker();

const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <LocalCopyProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </LocalCopyProvider>
  </StrictMode>,
);
