import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { startInspector } from './machines/inspector';
import { App } from './ui/App';
import { connectApiToUi } from './ui/connectApi';
import './ui/styles.css';

initI18n();
connectApiToUi();
await startInspector();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
