import { lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from './navigation';
import { AppChrome, WorkspaceLayout } from './Layouts';

// Each page is its own chunk, fetched when its route opens.
const HomePage = lazy(() => import('./pages/HomePage'));
const GeneratePage = lazy(() => import('./pages/GeneratePage'));
const EditorPage = lazy(() => import('./pages/EditorPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** Hands the router's navigate to code outside React (the HTTP client's 401 handling). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  return null;
}

/** The route table of SPEC.md section 2. */
export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
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
