// Tokens and element defaults first, so every component's own styles build on them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { routes } from './app/routes';
import { startServiceWorker } from './features/pwa';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain the #root element.');
}

const router = createBrowserRouter(routes);
startServiceWorker();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
