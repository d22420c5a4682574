import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

// The admin panel is split out of what public pages load.
const AdminApp = lazy(() => import('./admin/AdminApp'));

export function App() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={null}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<p>Public site comes here.</p>} />
    </Routes>
  );
}
