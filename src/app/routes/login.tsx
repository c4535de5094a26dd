import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { settingsPath } from '@/domain/settingsSections';
import { FormField } from '@/components/FormField';
import {
  AuthCard,
  currentUser,
  FormMessage,
  formText,
  linkProvider,
  logIn,
  logInWithProvider,
  safeRedirectTarget,
  type AuthActionResult,
} from '@/features/auth';
import { CODE_FIELD_MAX_LENGTH, TWO_FACTOR_CONTEXT_KEY } from '@/domain/twoFactor';
import { t, useT, type MessageId } from '@/i18n';
import { T } from '@/i18n/T';
import { errorSentence, refusalOf } from '@/lib/errors';
import { loadRuntimeConfig } from '@/lib/runtimeConfig';
import { refusalIn, refusedFields, refusedWith } from '@/lib/routeActions';

const NOTICES: Readonly<Partial<Record<string, MessageId>>> = {
  expired: 'auth.notice.expired',
  'logged-out': 'auth.notice.loggedOut',
  'account-deleted': 'auth.notice.accountDeleted',
  'email-verified': 'auth.notice.emailVerified',
  'email-link-invalid': 'auth.notice.emailLinkInvalid',
  'email-link-expired': 'auth.notice.emailLinkExpired',
  'sso-failed': 'auth.notice.ssoFailed',
};

/** A login through the provider waiting to be linked to the account its e-mail address names. */
const PENDING_LINK_KEY = 'fitstreak:sso-link';

interface PendingLink {
  id: string;
  ticket: string;
}

function pendingLink(): PendingLink | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_LINK_KEY) ?? 'null') as PendingLink | null;
    return stored && typeof stored.id === 'string' && typeof stored.ticket === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

export interface LoginLoaderData {
  /** The provider's name, for "Log in with …". */
  oidcName: string | null;
  /** Back from the provider to an account with two-factor sign-in: its code is asked for. */
  ssoCode?: PendingLink;
  /** Back from the provider with the e-mail address of an account: its password links them. */
  ssoLink?: string;
}

/** Where the server sends a verification link's outcome (server/parse/parseOptions.ts, pages.customUrls). */
const EMAIL_LINK_NOTICES = new Set(['email-verified', 'email-link-invalid', 'email-link-expired']);

/**
 * A verification link opened on a device that is signed in goes on to the settings page, where
 * its profile section shows the address and its state; signed out, the sentence is shown here.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response | LoginLoaderData> {
  const params = new URL(request.url).searchParams;
  const notice = params.get('notice') ?? '';
  if (EMAIL_LINK_NOTICES.has(notice) && (await currentUser()))
    return redirect(settingsPath('profile', { notice }));
  const oidcName = (await loadRuntimeConfig()).oidcName ?? null;
  const ticket = params.get('sso');
  const id = params.get('id');
  if (!ticket || !id) return { oidcName };
  try {
    await logInWithProvider(id, ticket);
    sessionStorage.removeItem(PENDING_LINK_KEY);
    return redirect('/');
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal?.field === TWO_FACTOR_CONTEXT_KEY) return { oidcName, ssoCode: { id, ticket } };
    if (refusal?.messageId === 'server.oidc.linkWithPassword') {
      sessionStorage.setItem(PENDING_LINK_KEY, JSON.stringify({ id, ticket }));
      return { oidcName, ssoLink: refusal.message };
    }
    return redirect('/login?notice=sso-failed');
  }
}

const codeMissing = (): AuthActionResult => ({ kind: 'needsCode', codeError: t('auth.login.codeMissing') });

/**
 * A login refused: its sentence, or, when the password (or the provider) was right and the code is
 * what is missing or wrong, the code asked for with what was wrong with the one given.
 */
function refusedLogin(error: unknown, code: string): AuthActionResult {
  const sentence = errorSentence(error);
  if (refusalOf(error)?.field !== TWO_FACTOR_CONTEXT_KEY) return refusedWith(sentence);
  return code ? { kind: 'needsCode', codeError: sentence } : { kind: 'needsCode' };
}

/** The second step of a login through the provider, for an account with two-factor sign-in. */
async function finishProviderLogin(form: FormData): Promise<AuthActionResult | Response> {
  const code = formText(form, 'twoFactorCode').trim();
  if (!code) return codeMissing();
  try {
    await logInWithProvider(formText(form, 'ssoId'), formText(form, 'ssoTicket'), code);
  } catch (error) {
    return refusedLogin(error, code);
  }
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  if (formText(form, 'step') === 'sso-code') return finishProviderLogin(form);
  const username = formText(form, 'username').trim();
  const password = formText(form, 'password');
  const fieldErrors: Partial<Record<string, string>> = {};
  if (!username) fieldErrors.username = t('auth.login.usernameMissing');
  if (!password) fieldErrors.password = t('auth.login.passwordMissing');
  if (Object.keys(fieldErrors).length > 0) return refusedFields(fieldErrors);
  const code = formText(form, 'twoFactorCode').trim();
  if (formText(form, 'step') === 'code' && !code) return codeMissing();
  try {
    await logIn(username, password, code || undefined);
  } catch (error) {
    return refusedLogin(error, code);
  }
  const link = pendingLink();
  if (link) {
    sessionStorage.removeItem(PENDING_LINK_KEY);
    // The password proved the account is theirs: from now on the provider alone logs them in.
    await linkProvider(link.id, link.ticket).catch((error: unknown) => console.error(error));
  }
  return redirect(safeRedirectTarget(new URL(request.url).searchParams.get('from')));
}

/** The second step of a login: the code of an account with two-factor sign-in. */
function TwoFactorCodeField({ error }: { error: string | undefined }) {
  const t = useT();
  return (
    <FormField
      label={t('auth.login.codeLabel')}
      name="twoFactorCode"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      required
      autoFocus
      maxLength={CODE_FIELD_MAX_LENGTH}
      hint={t('auth.login.codeHint')}
      error={error}
    />
  );
}

/** The second step of a login through the provider: the code of an account with two-factor sign-in. */
function ProviderCodeForm({
  pending,
  result,
}: {
  pending: PendingLink;
  result: AuthActionResult | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <AuthCard title={t('auth.login.title')}>
      <FormMessage error={refusalIn(result)?.formError} />
      <Form method="post" replace noValidate>
        <input type="hidden" name="step" value="sso-code" />
        <input type="hidden" name="ssoId" value={pending.id} />
        <input type="hidden" name="ssoTicket" value={pending.ticket} />
        <p>{t('auth.login.secondStep')}</p>
        <TwoFactorCodeField error={result?.kind === 'needsCode' ? result.codeError : undefined} />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </Form>
    </AuthCard>
  );
}

export function Component() {
  const { oidcName, ssoCode, ssoLink } = useLoaderData<LoginLoaderData>();
  const result = useActionData<AuthActionResult>();
  if (ssoCode) return <ProviderCodeForm pending={ssoCode} result={result} />;
  return <PasswordLogin oidcName={oidcName} linkNotice={ssoLink} result={result} />;
}

function PasswordLogin({
  oidcName,
  linkNotice,
  result,
}: {
  oidcName: string | null;
  linkNotice: string | undefined;
  result: AuthActionResult | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const needsCode = result?.kind === 'needsCode';
  const refusal = refusalIn(result);
  const noticeId =
    params.get('reset') === '1' ? 'auth.login.passwordChanged' : NOTICES[params.get('notice') ?? ''];
  const notice = linkNotice ?? (noticeId ? t(noticeId) : undefined);
  const signupLink = params.get('from')
    ? `/signup?from=${encodeURIComponent(params.get('from') ?? '')}`
    : '/signup';

  return (
    <AuthCard
      title={t('auth.login.title')}
      footer={
        <>
          <p>
            <T id="auth.login.newHere" components={{ 0: <Link to={signupLink} /> }} />
          </p>
          <p>
            <Link to="/reset-password">{t('auth.login.forgotPassword')}</Link>
          </p>
        </>
      }
    >
      <FormMessage error={refusal?.formError} notice={needsCode ? undefined : notice} />
      <Form method="post" replace noValidate>
        {/* Kept (hidden) while the code is asked for: the login sends them again with it. */}
        <div hidden={needsCode}>
          <FormField
            label={t('auth.field.username')}
            name="username"
            autoComplete="username"
            required
            autoFocus
            error={refusal?.fieldErrors?.username}
          />
          <FormField
            label={t('auth.field.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={refusal?.fieldErrors?.password}
          />
        </div>
        {needsCode ? (
          <>
            <input type="hidden" name="step" value="code" />
            <p>{t('auth.login.secondStep')}</p>
            <TwoFactorCodeField key="twoFactorCode" error={result.codeError} />
          </>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </Form>
      {oidcName && !needsCode && !linkNotice ? (
        <p className="sso-choice">
          {/* A full page load: the server sends the browser on to the provider. */}
          <a className="button-secondary" href="/auth/oidc/start">
            {t('auth.login.withProvider', { provider: oidcName })}
          </a>
        </p>
      ) : null}
    </AuthCard>
  );
}
