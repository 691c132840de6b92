import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppChrome, WorkspaceLayout } from './Layouts';

// Each page is its own chunk, fetched when its route opens.
const HomePage = lazy(() => import('./pages/HomePage'));
const GeneratePage = lazy(() => import('./pages/GeneratePage'));
const EditorPage = lazy(() => import('./pages/EditorPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The route table of SPEC.md section 2. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppChrome />}>
          <Route index element={<HomePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route element={<WorkspaceLayout />}>
            <Route path="pose" element={<GeneratePage />} />
            <Route path="edit" element={<EditorPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
