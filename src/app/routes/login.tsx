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
import { CODE_NEEDED_PREFIX } from '@/domain/twoFactor';
import { errorSentence, isParseLikeError } from '@/lib/errors';
import { loadRuntimeConfig } from '@/lib/runtimeConfig';

const NOTICES: Readonly<Record<string, string>> = {
  expired: 'Your session has expired. Please log in again.',
  'logged-out': 'You are logged out.',
  'account-deleted': 'Your account and all its data were deleted.',
  'email-verified': 'Your e-mail address is verified. Log in to go on.',
  'email-link-invalid':
    'That verification link is no longer valid. Log in and send a new one from Settings if you still need it.',
  'email-link-expired': 'That verification link has expired. Log in and send a new one from Settings.',
  'sso-failed': 'Logging in through your organisation did not work. Try again, or log in with your password.',
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

/** Where the server sends a verification link's outcome (server/parseOptions.ts, pages.customUrls). */
const EMAIL_LINK_NOTICES = new Set(['email-verified', 'email-link-invalid', 'email-link-expired']);

/**
 * A verification link opened on a device that is signed in goes on to the settings page, where
 * the profile shows the address and its state; signed out, the sentence is shown here.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response | LoginLoaderData> {
  const params = new URL(request.url).searchParams;
  const notice = params.get('notice') ?? '';
  if (EMAIL_LINK_NOTICES.has(notice) && (await currentUser()))
    return redirect(`/user-settings?notice=${notice}`);
  const oidcName = (await loadRuntimeConfig()).oidcName ?? null;
  const ticket = params.get('sso');
  const id = params.get('id');
  if (!ticket || !id) return { oidcName };
  try {
    await logInWithProvider(id, ticket);
    sessionStorage.removeItem(PENDING_LINK_KEY);
    return redirect('/');
  } catch (error) {
    const sentence = errorSentence(error);
    if (sentence.startsWith(CODE_NEEDED_PREFIX)) return { oidcName, ssoCode: { id, ticket } };
    // The server's own sentence (its code, 101, reads "not found" to the general error sentences).
    if (isParseLikeError(error) && /log in with its password to link it/.test(error.message)) {
      sessionStorage.setItem(PENDING_LINK_KEY, JSON.stringify({ id, ticket }));
      return { oidcName, ssoLink: error.message };
    }
    return redirect('/login?notice=sso-failed');
  }
}

const CODE_MISSING: AuthActionResult = {
  needsCode: true,
  fieldErrors: { twoFactorCode: 'Enter the code from your authenticator app, or a recovery code.' },
};

/**
 * A login refused: its sentence, or, when the password (or the provider) was right and the code is
 * what is missing or wrong, the code asked for with what was wrong with the one given.
 */
function refusedLogin(error: unknown, code: string): AuthActionResult {
  const sentence = errorSentence(error);
  if (!sentence.startsWith(CODE_NEEDED_PREFIX)) return { formError: sentence };
  const rest = sentence.slice(CODE_NEEDED_PREFIX.length).trim();
  return code
    ? { needsCode: true, fieldErrors: { twoFactorCode: rest.charAt(0).toUpperCase() + rest.slice(1) } }
    : { needsCode: true };
}

/** The second step of a login through the provider, for an account with two-factor sign-in. */
async function finishProviderLogin(form: FormData): Promise<AuthActionResult | Response> {
  const code = formText(form, 'twoFactorCode').trim();
  if (!code) return CODE_MISSING;
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
  if (!username) fieldErrors.username = 'Please enter your username.';
  if (!password) fieldErrors.password = 'Please enter your password.';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  const code = formText(form, 'twoFactorCode').trim();
  if (formText(form, 'step') === 'code' && !code) return CODE_MISSING;
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
  return (
    <FormField
      label="Authentication code"
      name="twoFactorCode"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      required
      autoFocus
      maxLength={40}
      hint="The six digits your authenticator app shows, or one of your recovery codes."
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
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <AuthCard title="Log in">
      <FormMessage error={result?.formError} />
      <Form method="post" replace noValidate>
        <input type="hidden" name="step" value="sso-code" />
        <input type="hidden" name="ssoId" value={pending.id} />
        <input type="hidden" name="ssoTicket" value={pending.ticket} />
        <p>Your account asks for a second step.</p>
        <TwoFactorCodeField error={result?.fieldErrors?.twoFactorCode} />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
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
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const needsCode = result?.needsCode === true;
  const notice =
    linkNotice ??
    (params.get('reset') === '1'
      ? 'Your password was changed. Log in with the new one.'
      : NOTICES[params.get('notice') ?? '']);
  const signupLink = params.get('from')
    ? `/signup?from=${encodeURIComponent(params.get('from') ?? '')}`
    : '/signup';

  return (
    <AuthCard
      title="Log in"
      footer={
        <>
          <p>
            New here? <Link to={signupLink}>Create an account</Link>
          </p>
          <p>
            <Link to="/reset-password">Forgot your password?</Link>
          </p>
        </>
      }
    >
      <FormMessage error={result?.formError} notice={needsCode ? undefined : notice} />
      <Form method="post" replace noValidate>
        {/* Kept (hidden) while the code is asked for: the login sends them again with it. */}
        <div hidden={needsCode}>
          <FormField
            label="Username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            error={result?.fieldErrors?.username}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={result?.fieldErrors?.password}
          />
        </div>
        {needsCode ? (
          <>
            <input type="hidden" name="step" value="code" />
            <p>Your account asks for a second step.</p>
            <TwoFactorCodeField key="twoFactorCode" error={result?.fieldErrors?.twoFactorCode} />
          </>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      {oidcName && !needsCode && !linkNotice ? (
        <p className="sso-choice">
          {/* A full page load: the server sends the browser on to the provider. */}
          <a className="button-secondary" href="/auth/oidc/start">
            Log in with {oidcName}
          </a>
        </p>
      ) : null}
    </AuthCard>
  );
}
