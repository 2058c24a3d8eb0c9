/**
 * The web framework's floor (bench/web/floor-page.ts): the stack docs/ARCHITECTURE.md prescribes, doing the least a
 * signed-in page can do. React 19 renders a React Router route whose component is a lazy chunk, as every route of
 * the app is; the component asks the server one thing through TanStack Query, as a page asks for its data, and shows
 * a heading and the answer with the app's own Bootstrap stylesheet. No JSX, so no React plugin is needed to build it.
 */
import '../../../apps/web/src/bootstrap.scss';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  { path: '*', lazy: async () => ({ Component: (await import('./page.ts')).Page }) },
]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  createElement(
    StrictMode,
    null,
    createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router })),
  ),
);
