// Tokens and element defaults first, so every component's own styles build on them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { AppRouter } from './app/app-router';
import { routes } from './app/routes';
import { startServiceWorker } from './features/pwa';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain the #root element.');
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
// Created when first needed, past the gate (see AppRouter), and only once.
const appRouter = () => (router ??= createBrowserRouter(routes));
startServiceWorker();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter router={appRouter} />
    </AppProviders>
  </StrictMode>,
);
