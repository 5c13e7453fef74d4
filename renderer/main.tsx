import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
// The console's typeface, self-hosted: Vite copies its woff2 files into dist/console (the CSP allows fonts from 'self' only).
import '@fontsource-variable/inter/wght.css';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
