import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles.css';
import { applyStoredTheme } from './lib/theme.ts';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { createAppRouter } from './router.tsx';

// Before the first paint, so that a remembered theme never flashes the other one.
applyStoredTheme();

const root = document.getElementById('root');

if (root) {
  createRoot(root).render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={createAppRouter()} />
      </AuthProvider>
    </StrictMode>,
  );
}
