import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, inject, it } from 'vitest';
import { readCatalogue } from '../../build/catalogues';
import type { Language } from '../../src/domain/languages';
import type { MessageId, MessageValues } from '../../src/i18n/messages';
import { latestMailTo } from '../test/mail';
import { request, signUp, updateSettings, type Account } from '../test/rest';

const dataDir = inject('dataDir');

/** What the server should write for `id` in `language`, straight from the catalogue. */
function expected(language: Language, id: MessageId, values?: MessageValues): string {
  const i18n = setupI18n({ locale: language, messages: { [language]: readCatalogue(language) } });
  i18n.setMessagesCompiler(compileMessage);
  return i18n._(id, values);
}

function callIn(language: string | undefined, account: Account, name: string, params: unknown) {
  return request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params,
    ...(language ? { headers: { 'Accept-Language': language } } : {}),
  });
}

function requestResetIn(language: string, account: Account) {
  return request('POST', '/parse/requestPasswordReset', {
    body: { email: account.email },
    headers: { 'Accept-Language': language },
  });
}

describe("the server's sentences", () => {
  it('refuse a call in the language the request asks for, English when it names none the app speaks', async () => {
    const account = await signUp();
    const cases: [string | undefined, Language][] = [
      ['de-DE,de;q=0.9,en;q=0.5', 'de'],
      ['fr', 'fr'],
      ['es-MX', 'es'],
      ['ja, zh;q=0.8', 'en'],
      [undefined, 'en'],
    ];
    for (const [header, language] of cases) {
      const { status, body } = await callIn(header, account, 'importWeightEntries', { rows: [] });
      expect(status, header).toBe(400);
      expect(body.code, header).toBe(142);
      expect(body.error, header).toBe(expected(language, 'server.weight.noRows'));
    }
  });

  it("refuse a row the domain's rules reject in the request's language, naming the field", async () => {
    const account = await signUp();
    const { body } = await request('POST', '/parse/classes/WeightEntry', {
      sessionToken: account.sessionToken,
      headers: { 'Accept-Language': 'de' },
      body: { weightKg: 5, measuredAt: { __type: 'Date', iso: new Date().toISOString() } },
    });
    expect(body.code).toBe(142);
    expect(body.error).toContain('weightKg');
    expect(body.error).not.toBe(
      (
        await request('POST', '/parse/classes/WeightEntry', {
          sessionToken: account.sessionToken,
          body: { weightKg: 5, measuredAt: { __type: 'Date', iso: new Date().toISOString() } },
        })
      ).body.error,
    );
  });

  it('refuse an upload in the language the request asks for', async () => {
    const account = await signUp();
    const { status, body } = await request('POST', '/parse/files/avatar.png', {
      sessionToken: account.sessionToken,
      raw: 'hello',
      headers: { 'Content-Type': 'image/png', 'Accept-Language': 'de' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toBe(expected('de', 'account.avatar.otherType'));
  });

  it("write a reset mail in the person's chosen language, else in the language of the page that asked", async () => {
    const unset = await signUp();
    expect((await requestResetIn('es', unset)).status).toBe(200);
    const spanishSubject = expected('es', 'server.mail.resetSubject', { appName: 'FITSTREAK' });
    const inSpanish = await latestMailTo(dataDir, unset.email, { subject: spanishSubject });
    const [firstLine = ''] = expected('es', 'server.mail.resetText', {
      username: unset.username,
      link: '',
    }).split('\n');
    expect(inSpanish).toContain(firstLine);

    const chosen = await signUp();
    await updateSettings(chosen, { language: 'fr' });
    expect((await requestResetIn('de', chosen)).status).toBe(200);
    const frenchSubject = expected('fr', 'server.mail.resetSubject', { appName: 'FITSTREAK' });
    const inFrench = await latestMailTo(dataDir, chosen.email, { subject: frenchSubject });
    expect(inFrench).toContain(chosen.username);
  });

  it('keep Settings.language to the languages the app speaks', async () => {
    const account = await signUp();
    await expect(updateSettings(account, { language: 'tlh' })).rejects.toThrow(/language/);
    await updateSettings(account, { language: 'es' });
  });
});
