import { Route, Routes } from 'react-router';
import { Notifications } from '../components/notifications';
import { AuthGuard } from './auth/AuthGuard';
import { PermissionGate } from './auth/PermissionGate';
import { LoginPage } from './auth/LoginPage';
import { EnrolPage } from './auth/EnrolPage';
import { AdminFailuresProvider } from './auth/session-expiry';
import { AdminLayout } from './shell/AdminLayout';
import { NotFoundPage } from './shell/NotFoundPage';
import { ActivityPage } from './activity/ActivityPage';
import { ACCOUNT_SCREENS } from './accounts/account-screens';
import { CONTENT_SCREENS } from './content-screens';
import { DashboardPage } from './dashboard/DashboardPage';
import { EnquiriesPage } from './enquiries/EnquiriesPage';
import { EnquiryPage } from './enquiries/EnquiryPage';
import { ConfirmDiscardHost } from './forms/confirm-discard';

/** Routes under /admin/* (lazy-loaded by App): the login, then the guarded shell and its screens. */
export default function AdminApp({ redirectToLogin }: { redirectToLogin?: () => void }) {
  return (
    <AdminFailuresProvider redirect={redirectToLogin}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        {/* Setting up a second factor the policy requires, between the password and the session. */}
        <Route path="enrol" element={<EnrolPage />} />
        <Route
          element={
            <AuthGuard>
              <AdminLayout />
            </AuthGuard>
          }
        >
          <Route index element={<DashboardPage />} />
          {[...CONTENT_SCREENS, ...ACCOUNT_SCREENS].map((screen) => (
            <Route key={screen.path} path={screen.path} element={<PermissionGate permission={screen.permission}>{screen.element}</PermissionGate>} />
          ))}
          <Route
            path="activity"
            element={
              <PermissionGate permission="activity">
                <ActivityPage />
              </PermissionGate>
            }
          />
          <Route
            path="enquiries"
            element={
              <PermissionGate permission="enquiries">
                <EnquiriesPage />
              </PermissionGate>
            }
          />
          <Route
            path="enquiries/:id"
            element={
              <PermissionGate permission="enquiries">
                <EnquiryPage />
              </PermissionGate>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <Notifications />
      <ConfirmDiscardHost />
    </AdminFailuresProvider>
  );
}
