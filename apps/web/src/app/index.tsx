import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';

/** The whole app around its router: main.tsx's in the browser, a memory router in the build's pre-render. */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
