import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { FormField } from '@/components/FormField';
import { checkSignUp, PASSWORD_MIN_LENGTH } from '@/domain/account';
import { INVITATION_CODE_PATTERN, type SignupMode } from '@/domain/signup';
import {
  AuthCard,
  fieldErrorMap,
  FormMessage,
  formText,
  loadSignupPolicy,
  safeRedirectTarget,
  signUp,
  type AuthActionResult,
} from '@/features/auth';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { userRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { refusalIn, refusedByServer, refusedFields } from '@/lib/routeActions';

/**
 * Whether this server takes new accounts, and how. Without an answer (offline) the form shows:
 * the sign-up itself then says what went wrong.
 */
export async function loader(): Promise<{ mode: SignupMode }> {
  try {
    return { mode: (await loadSignupPolicy()).mode };
  } catch {
    return { mode: 'open' };
  }
}

const SHOWN_FIELDS = ['username', 'email', 'password'] as const;

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  const input = {
    username: formText(form, 'username').trim(),
    email: formText(form, 'email').trim(),
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const errors = checkSignUp(input);
  if (errors.length > 0) return refusedFields(fieldErrorMap(errors));
  const invitation = formText(form, 'invitation');
  try {
    await signUp(input.username, input.email, input.password, invitation || undefined);
  } catch (error) {
    // A refusal of a field the form shows goes there; the invitation's (a hidden field) above the form.
    return refusedByServer(error, SHOWN_FIELDS);
  }
  // A new account goes to the first-day questions, unless it came for a page of its own.
  const from = new URL(request.url).searchParams.get('from');
  return redirect(from ? safeRedirectTarget(from) : '/welcome');
}

export function Component() {
  const t = useT();
  const { mode } = useLoaderData<{ mode: SignupMode }>();
  const result = useActionData<AuthActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const refusal = refusalIn(result);
  const errors = refusal?.fieldErrors;
  const loginLink = params.get('from')
    ? `/login?from=${encodeURIComponent(params.get('from') ?? '')}`
    : '/login';
  const invitation = params.get('invitation') ?? '';
  const footer = (
    <p>
      <T id="auth.signup.haveAccount" components={{ 0: <Link to={loginLink} /> }} />
    </p>
  );

  if (mode === 'closed') {
    return (
      <AuthCard title={t('auth.signup.closedTitle')} footer={footer}>
        <p>{t('auth.signup.closed')}</p>
      </AuthCard>
    );
  }
  if (mode === 'invite' && !INVITATION_CODE_PATTERN.test(invitation)) {
    return (
      <AuthCard title={t('auth.signup.inviteTitle')} footer={footer}>
        <p>{invitation ? t('auth.signup.inviteIncomplete') : t('auth.signup.inviteNeeded')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signup.title')} footer={footer}>
      {mode === 'invite' ? <p>{t('auth.signup.invited')}</p> : null}
      <FormMessage error={refusal?.formError} />
      <Form method="post" replace noValidate>
        {mode === 'invite' ? <input type="hidden" name="invitation" value={invitation} /> : null}
        <FormField
          label={t('auth.field.username')}
          name="username"
          autoComplete="username"
          required
          autoFocus
          minLength={userRules.username.min}
          {...inputLimits(userRules.username)}
          hint={t('auth.signup.usernameHint')}
          error={errors?.username}
        />
        <FormField
          label={t('auth.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors?.email}
        />
        <FormField
          label={t('auth.field.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('auth.signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors?.password}
        />
        <FormField
          label={t('auth.field.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.confirmPassword}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </button>
      </Form>
    </AuthCard>
  );
}
