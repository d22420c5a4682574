import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import './components/fonts';
import { PublicLayout } from './public/layout/PublicLayout';
import { LandingPage } from './public/landing/LandingPage';
import { TeamPage } from './public/team/TeamPage';
import { NewsPage } from './public/news/NewsPage';
import { ArticlePage } from './public/news/ArticlePage';
import { ProjectsPage } from './public/clients/ProjectsPage';
import { ProjectPage } from './public/clients/ProjectPage';
import { NotFoundPage } from './public/not-found/NotFoundPage';
import { SimplePage } from './public/simple-page/SimplePage';
import { ContactThanksPage } from './public/contact/ContactThanksPage';

// The admin panel (with Chakra's full theme, admin-system.tsx) is split out of what public pages load.
const loadAdmin = () => import('./admin-system');
// A visit that opens on the admin panel fetches its code at once, while this bundle starts (not
// after the first render).
if (typeof window !== 'undefined' && /^\/admin(\/|$)/.test(window.location.pathname)) void loadAdmin();
const AdminApp = lazy(loadAdmin);

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
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="news/page/:page" element={<NewsPage />} />
        <Route path="news/:slug" element={<ArticlePage />} />
        <Route path="clients" element={<ProjectsPage />} />
        <Route path="clients/page/:page" element={<ProjectsPage />} />
        <Route path="clients/:slug" element={<ProjectPage />} />
        <Route path="contact/thanks" element={<ContactThanksPage />} />
        {/* The firm's own pages (/privacy-policy): a slug never takes one of the routes above (the API refuses it). */}
        <Route path=":slug" element={<SimplePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
