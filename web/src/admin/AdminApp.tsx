import { Navigate, Route, Routes } from 'react-router';
import { Notifications } from '../components/notifications';
import { AuthGuard } from './auth/AuthGuard';
import { LoginPage } from './auth/LoginPage';
import { AdminFailuresProvider } from './auth/session-expiry';
import { brands } from './brands/brands';
import { clients } from './clients/clients';
import { CollectionScreen } from './collections/CollectionScreen';
import { contactInfo } from './contact-info/contact-info';
import { countries } from './countries/countries';
import { DashboardPage } from './dashboard/DashboardPage';
import { landingContent } from './landing-content/landing-content';
import { news } from './news/news';
import { AdminLayout } from './shell/AdminLayout';
import { SingletonScreen } from './singletons/SingletonScreen';
import { statistics } from './statistics/statistics';
import { teamMembers } from './team-members/team-members';
import { WebhooksPage } from './webhooks/WebhooksPage';

/** Routes under /admin/* (lazy-loaded by App): the login, then the guarded shell and its screens. */
export default function AdminApp({ redirectToLogin }: { redirectToLogin?: () => void }) {
  return (
    <AdminFailuresProvider redirect={redirectToLogin}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route
          element={
            <AuthGuard>
              <AdminLayout />
            </AuthGuard>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path={landingContent.path} element={<SingletonScreen definition={landingContent} />} />
          <Route path={statistics.path} element={<SingletonScreen definition={statistics} />} />
          <Route path={countries.path} element={<CollectionScreen definition={countries} />} />
          <Route path={brands.path} element={<CollectionScreen definition={brands} />} />
          <Route path={teamMembers.path} element={<CollectionScreen definition={teamMembers} />} />
          <Route path={news.path} element={<CollectionScreen definition={news} />} />
          <Route path={clients.path} element={<CollectionScreen definition={clients} />} />
          <Route path={contactInfo.path} element={<CollectionScreen definition={contactInfo} />} />
          <Route path="webhooks" element={<WebhooksPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
      <Notifications />
    </AdminFailuresProvider>
  );
}
