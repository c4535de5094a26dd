import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, Navigate, useLocation, useRouteError } from 'react-router';
import { useT, type Translator } from '@/i18n';
import { errorSentence, hasCode } from '@/lib/errors';
import { ErrorCode } from '@/domain/errors';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from './chunkReload';

interface ErrorView {
  status: number;
  message: string;
}

function describe(error: unknown, t: Translator): ErrorView {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return {
      status: error.status,
      message:
        error.status === 404 ? t('common.errorPage.notFound') : message || t('common.errorPage.generic'),
    };
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  return { status: Number.isInteger(status) && status >= 400 ? status : 500, message: errorSentence(error) };
}

/** The nearest error screen: 404 text, session expiry, stale chunks, or status + message + a way home. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const location = useLocation();
  const [reloading] = useState(
    () => isChunkLoadError(error) && mayReloadForChunkError(sessionStorage, Date.now()),
  );

  useEffect(() => {
    if (reloading) reloadForChunkError(sessionStorage, () => window.location.reload(), Date.now());
    else console.error(error);
  }, [reloading, error]);

  if (hasCode(error, ErrorCode.INVALID_SESSION_TOKEN)) {
    const from = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?from=${from}&notice=expired`} replace />;
  }
  if (reloading) {
    return (
      <main className="error-page" role="status">
        <p>{t('common.errorPage.reloading')}</p>
      </main>
    );
  }
  const { status, message } = describe(error, t);
  return (
    <main className="error-page">
      <p className="error-status">{status}</p>
      <h1>{status === 404 ? t('common.errorPage.notFound') : t('common.errorPage.title')}</h1>
      {status === 404 ? null : <p className="error-message">{message}</p>}
      <p>
        <Link to="/">{t('common.errorPage.home')}</Link>
      </p>
    </main>
  );
}
