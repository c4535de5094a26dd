import { AsyncLocalStorage } from 'node:async_hooks';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { compileCatalogue, readCatalogue } from '../../build/catalogues';
import {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '../../src/domain/languages';
import { setTranslator, t, type MessageId, type MessageValues } from '../../src/i18n/messages';
import { jsonBodyReader } from './jsonBody';

/**
 * The server's sentences in the language of the person who reads them. A request carries its
 * language (the app sends the language it shows as Accept-Language on every call); mails and
 * pushes, written outside a request, run inside `inLanguage` with the recipient's Settings.language.
 * The domain rules and cloud code call the same `t` as the app (src/i18n/messages.ts).
 */
function loadLanguage(language: Language): I18n {
  const messages = compileCatalogue(readCatalogue(language), language) as Messages;
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

const translators = Object.fromEntries(
  LANGUAGES.map((language) => [language, loadLanguage(language)]),
) as Record<Language, I18n>;

const requestLanguage = new AsyncLocalStorage<Language>();

export function currentLanguage(): Language {
  return requestLanguage.getStore() ?? DEFAULT_LANGUAGE;
}

setTranslator((id, values) => translators[currentLanguage()]._(id, values), currentLanguage);

/** Runs `work` with the server's sentences in `language`. */
export function inLanguage<T>(language: Language, work: () => T): T {
  return requestLanguage.run(language, work);
}

/** The message `id` in `language`, whatever the current request's language. */
export function sentenceIn(language: Language, id: MessageId, values?: MessageValues): string {
  return inLanguage(language, () => t(id, values));
}

/** The language a request asks for in its Accept-Language header (English when none is known). */
export function languageOfRequest(request: Pick<Request, 'get'>): Language {
  return pickLanguage(acceptedLanguages(request.get('Accept-Language')));
}

/**
 * Express middleware: the rest of the request speaks the language it asked for. The body is read
 * here, inside that language: a body read later by Parse's own parser would hand the request on
 * from the socket's events, where the language is no longer known. A file upload is read as bytes
 * with Parse's own limit (a streamed one, or one with the master key, is left to Parse); Parse's
 * own pages (/apps/…, form posts) keep their bodies for Parse.
 */
export function requestLanguages(maxBodySize: string): RequestHandler {
  const readBody = jsonBodyReader(maxBodySize);
  const readFile = express.raw({ type: () => true, limit: maxBodySize });
  return (request: Request, response: Response, next: NextFunction) => {
    void requestLanguage.run(languageOfRequest(request), async () => {
      const writes = request.method === 'POST' || request.method === 'PUT';
      if (writes && request.path.startsWith('/files/')) {
        const parseReadsIt =
          request.get('X-Parse-Upload-Mode') === 'stream' || request.get('X-Parse-Master-Key');
        const failed = parseReadsIt
          ? undefined
          : await new Promise<unknown>((resolve) => readFile(request, response, resolve));
        next(failed);
        return;
      }
      const hasJsonBody =
        writes &&
        !request.path.startsWith('/apps/') &&
        !request.is(['application/x-www-form-urlencoded', 'multipart/form-data']);
      if (hasJsonBody && !(await readBody(request, response))) return;
      next();
    });
  };
}
