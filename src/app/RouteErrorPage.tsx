import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, Navigate, useLocation, useRouteError } from 'react-router';
import { errorSentence, isParseLikeError, SESSION_EXPIRED } from '@/lib/errors';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from './chunkReload';

export const NOT_FOUND_TEXT = 'This page could not be found';

interface ErrorView {
  status: number;
  message: string;
}

function describe(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return {
      status: error.status,
      message: error.status === 404 ? NOT_FOUND_TEXT : message || 'Something went wrong.',
    };
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  return { status: Number.isInteger(status) && status >= 400 ? status : 500, message: errorSentence(error) };
}

/** The nearest error screen: 404 text, session expiry, stale chunks, or status + message + a way home. */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const [reloading] = useState(
    () => isChunkLoadError(error) && mayReloadForChunkError(sessionStorage, Date.now()),
  );

  useEffect(() => {
    if (reloading) reloadForChunkError(sessionStorage, () => window.location.reload(), Date.now());
    else console.error(error);
  }, [reloading, error]);

  if (isParseLikeError(error) && error.code === SESSION_EXPIRED) {
    const from = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?from=${from}&notice=expired`} replace />;
  }
  if (reloading) {
    return (
      <main className="error-page" role="status">
        <p>Loading the newest version…</p>
      </main>
    );
  }
  const { status, message } = describe(error);
  return (
    <main className="error-page">
      <p className="error-status">{status}</p>
      <h1>{status === 404 ? NOT_FOUND_TEXT : 'Something went wrong'}</h1>
      {status === 404 ? null : <p className="error-message">{message}</p>}
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </main>
  );
}
