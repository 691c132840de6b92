import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { startInspector } from './machines/inspector';
import { App } from './ui/App';
import { connectApiToUi } from './ui/connectApi';
import { loadWorkspaceFor } from './ui/pageLoaders';
import './ui/styles.css';

connectApiToUi();
// The chosen language's strings first, so that the first paint is already in it; on /pose and /edit
// the Generate images panel too (the page itself follows with a spinner, as on any navigation).
await Promise.all([initI18n(), startInspector(), loadWorkspaceFor(window.location.pathname)]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
