import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter, namespacesOf } from '@/app/router';
import { startLanguage, watchShownNamespaces } from '@/i18n';
import { getParse } from '@/lib/parse';
import './styles.css';

// /config.json and the Parse SDK come when the person first touches or types on a public page (a
// guarded page asks for them at once; a focus alone may be the page's own autofocus): the login
// page paints and goes idle with the shell alone, and the SDK is there by the time the form is sent.
const warmUp = () => void getParse().catch(() => undefined);
for (const event of ['pointerdown', 'keydown'])
  window.addEventListener(event, warmUp, { once: true, passive: true, capture: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The language is known before anything paints (startLanguage never fails); the messages come with
// each page, whose loaders the router waits for. Not a top-level await:
// that would make the bundler split every module the pages share with this one into a chunk of
// its own.
void startLanguage().then(() => {
  const router = createAppRouter();
  // A change of language fetches the messages of the screen shown; other pages fetch theirs when
  // they are next opened.
  watchShownNamespaces(() => namespacesOf(router.state.matches));
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
