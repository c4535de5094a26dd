import type ParseSdk from 'parse';
import { refusalDetailOf } from '@/domain/errors';
import { currentLanguage, i18n } from '@/i18n';
import { trackLoading } from './loadingBar';
import { loadRuntimeConfig } from './runtimeConfig';

export type ParseClient = typeof ParseSdk;

interface RestController {
  request: (...args: unknown[]) => Promise<unknown>;
  ajax: (...args: unknown[]) => Promise<unknown>;
  handleError: (answer: unknown) => Promise<never>;
}

/** Every Parse request shows in the loading bar, and a failed one turns it red. */
function instrumentRequests(Parse: ParseClient): void {
  const rest = Parse.CoreManager.getRESTController() as unknown as RestController;
  Parse.CoreManager.setRESTController({
    ...rest,
    request: (...args: unknown[]) => trackLoading(rest.request(...args)),
    ajax: (...args: unknown[]) => trackLoading(rest.ajax(...args)),
  });
}

/**
 * The SDK makes its error from the answer's `code` and `error` only; the server says more beside
 * them (src/domain/errors.ts: the message id, its values, the field), kept on the error here. The
 * SDK's request calls `handleError` on its own controller, so that is where the answer is read.
 */
function keepRefusalDetail(Parse: ParseClient): void {
  const rest = Parse.CoreManager.getRESTController() as unknown as RestController;
  const sdkHandleError = rest.handleError.bind(rest);
  rest.handleError = (answer: unknown) =>
    sdkHandleError(answer).catch((error: unknown) => {
      const detail = refusalDetailOf(answer);
      throw detail && error instanceof Error ? Object.assign(error, detail) : error;
    });
}

/** Every request names the language shown, so the server's sentences (errors, mails) come in it. */
function speakLanguageShown(Parse: ParseClient): void {
  const speak = () => Parse.CoreManager.set('REQUEST_HEADERS', { 'Accept-Language': currentLanguage() });
  speak();
  i18n.on('change', speak);
}

let parsePromise: Promise<ParseClient> | undefined;

/**
 * The SDK is loaded on demand, in parallel with the first paint, and initialised from /config.json;
 * the master key never exists in the browser.
 */
export function getParse(): Promise<ParseClient> {
  parsePromise ??= Promise.all([import('parse'), loadRuntimeConfig()])
    .then(([module, config]) => {
      const Parse = module.default;
      // Parse Server uses no JavaScript key; the type still asks for one.
      Parse.initialize(config.appId, '');
      Parse.serverURL = config.serverURL;
      Parse.liveQueryServerURL = config.liveQueryServerURL;
      keepRefusalDetail(Parse);
      instrumentRequests(Parse);
      speakLanguageShown(Parse);
      return Parse;
    })
    .catch((error: unknown) => {
      parsePromise = undefined;
      throw error;
    });
  return parsePromise;
}
