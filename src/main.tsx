import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { startInspector } from './machines/inspector';
import { App } from './ui/App';
import { connectApiToUi } from './ui/connectApi';
import './ui/styles.css';

connectApiToUi();
// The chosen language's strings first, so that the first paint is already in it.
await Promise.all([initI18n(), startInspector()]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
