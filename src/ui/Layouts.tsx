import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from './Header';
import { Spinner } from './Spinner';
import { GeneratePanel } from './panel/GeneratePanel';
import { Notifications } from './notify/Notifications';

/** Every page: the header above the routed content, and the notifications. */
export function AppChrome() {
  return (
    <div className="app">
      <Header />
      <Notifications />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** The shared layout of /pose and /edit: the child route on the left, the Generate images panel on the right. */
export function WorkspaceLayout() {
  return (
    <div className="workspace">
      <main className="workspace-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <GeneratePanel />
    </div>
  );
}
