import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from '@/app/router';
import { startLanguage } from '@/i18n';
import { getParse } from '@/lib/parse';
import './styles.css';

// Fetch /config.json and the Parse SDK once the first paint is done; a guarded page asks for them at once.
const warmUp = () => void getParse().catch(() => undefined);
if ('requestIdleCallback' in window) requestIdleCallback(warmUp, { timeout: 2000 });
else setTimeout(warmUp, 200);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The language is known and its first catalogue here before anything paints; a catalogue that
// cannot be fetched leaves the messages to arrive with the page's own.
await startLanguage().catch(() => undefined);

const router = createAppRouter();
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
