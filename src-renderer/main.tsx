import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectApi } from './api/client.ts';
import { App } from './app/app.tsx';
import './styles/app.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

connectApi().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    root.render(<p className="boot-error">Ephemera could not start: {message}</p>);
  },
);
