// Renderer entry: pick the host API (Electron preload or the web host), then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { CosciProvider } from './api/CosciProvider';
import { createQueryClient } from './api/queries';
import { createWebClient } from './api/webClient';
import { App } from './App';
import './styles.css';
import './app/feedback.css';

const api = window.cosci ?? createWebClient(window);
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <CosciProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </CosciProvider>
  </StrictMode>,
);
