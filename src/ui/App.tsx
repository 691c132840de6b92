import { lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from './navigation';
import { AppChrome, WorkspaceLayout } from './Layouts';
import { chunkLoaders } from './pageLoaders';

// Each page is its own chunk, fetched when its route opens (or earlier, on the intent to go there).
const HomePage = lazy(chunkLoaders.home);
const GeneratePage = lazy(chunkLoaders.generate);
const EditorPage = lazy(chunkLoaders.editor);
const LoginPage = lazy(chunkLoaders.login);
const NotFoundPage = lazy(chunkLoaders.notFound);
const SharePage = lazy(chunkLoaders.sharedPose);

/** Hands the router's navigate to code outside React (the HTTP client's 401 handling). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  return null;
}

/** The route table of docs/specification.md section 2. */
export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Routes>
        <Route element={<AppChrome />}>
          <Route index element={<HomePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="p/:shareId" element={<SharePage />} />
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
