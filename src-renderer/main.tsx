// The base styles first: a component's own CSS file (imported by its module) comes after them in
// the bundle, so it wins over them at equal specificity.
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectApi } from './api/client.ts';
import { App } from './app/app.tsx';
import { takePairFragment } from './app/pairing.ts';
import { readShareLaunch } from './features/video/share-launch.ts';
import { translate } from './i18n/i18n.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

// First of all: a sign-in link's code leaves the address bar before anything else runs.
const pairing = takePairFragment();
// Before the first render: a share launch rewrites the address to the video screen.
readShareLaunch();

const root = createRoot(document.getElementById('root') as HTMLElement);

// In the desktop app the window shows before the services are up; the first call waits.
root.render(
  <p className="boot-loading" role="status">
    {translate('boot.starting')}
  </p>,
);

connectApi().then(
  (client) => {
    root.render(
      <StrictMode>
        <App pairing={pairing} />
      </StrictMode>,
    );
    registerServiceWorker(client.transport);
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    root.render(<p className="boot-error">Ephemera could not start: {message}</p>);
  },
);
