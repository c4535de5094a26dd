import {
  Form,
  Link,
  redirect,
  useActionData,
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
  logIn,
  safeRedirectTarget,
  type AuthActionResult,
} from '@/features/auth';
import { CODE_NEEDED_PREFIX } from '@/domain/twoFactor';
import { errorSentence } from '@/lib/errors';

const NOTICES: Readonly<Record<string, string>> = {
  expired: 'Your session has expired. Please log in again.',
  'logged-out': 'You are logged out.',
  'account-deleted': 'Your account and all its data were deleted.',
  'email-verified': 'Your e-mail address is verified. Log in to go on.',
  'email-link-invalid':
    'That verification link is no longer valid. Log in and send a new one from Settings if you still need it.',
  'email-link-expired': 'That verification link has expired. Log in and send a new one from Settings.',
};

/** Where the server sends a verification link's outcome (server/parseOptions.ts, pages.customUrls). */
const EMAIL_LINK_NOTICES = new Set(['email-verified', 'email-link-invalid', 'email-link-expired']);

/**
 * A verification link opened on a device that is signed in goes on to the settings page, where
 * the profile shows the address and its state; signed out, the sentence is shown here.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const notice = new URL(request.url).searchParams.get('notice') ?? '';
  if (!EMAIL_LINK_NOTICES.has(notice) || !(await currentUser())) return null;
  return redirect(`/user-settings?notice=${notice}`);
}

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  const username = formText(form, 'username').trim();
  const password = formText(form, 'password');
  const fieldErrors: Partial<Record<string, string>> = {};
  if (!username) fieldErrors.username = 'Please enter your username.';
  if (!password) fieldErrors.password = 'Please enter your password.';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  const code = formText(form, 'twoFactorCode').trim();
  if (formText(form, 'step') === 'code' && !code) {
    return {
      needsCode: true,
      fieldErrors: { twoFactorCode: 'Enter the code from your authenticator app, or a recovery code.' },
    };
  }
  try {
    await logIn(username, password, code || undefined);
  } catch (error) {
    const sentence = errorSentence(error);
    if (!sentence.startsWith(CODE_NEEDED_PREFIX)) return { formError: sentence };
    // The password was right; the code is what is missing or wrong.
    const rest = sentence.slice(CODE_NEEDED_PREFIX.length).trim();
    return code
      ? { needsCode: true, fieldErrors: { twoFactorCode: rest.charAt(0).toUpperCase() + rest.slice(1) } }
      : { needsCode: true };
  }
  return redirect(safeRedirectTarget(new URL(request.url).searchParams.get('from')));
}

export function Component() {
  const result = useActionData<AuthActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const needsCode = result?.needsCode === true;
  const notice =
    params.get('reset') === '1'
      ? 'Your password was changed. Log in with the new one.'
      : NOTICES[params.get('notice') ?? ''];
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
            <FormField
              key="twoFactorCode"
              label="Authentication code"
              name="twoFactorCode"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              maxLength={40}
              hint="The six digits your authenticator app shows, or one of your recovery codes."
              error={result?.fieldErrors?.twoFactorCode}
            />
          </>
        ) : null}
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
    </AuthCard>
  );
}
