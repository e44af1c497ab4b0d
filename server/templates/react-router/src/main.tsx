import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import App from './App.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Routes are matched below the page's base: "/" on its own server, the preview link's folder
// when the app is shown behind one (Kiln's preview moves a root <base> under its link).
const basename = new URL(document.baseURI).pathname.replace(/\/$/, '') || '/';

createRoot(container).render(
  <StrictMode>
    <BrowserRouter basename={basename}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
