import {
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { FormField } from '@/components/FormField';
import { passwordProblem } from '@/domain/account';
import {
  AuthCard,
  chooseNewPassword,
  FormMessage,
  formText,
  requestPasswordReset,
  type AuthActionResult,
} from '@/features/auth';
import { t, useT } from '@/i18n';
import { ErrorCode } from '@/domain/errors';
import { errorSentence, hasCode } from '@/lib/errors';
import { refusalIn, refusedFields, refusedWith } from '@/lib/routeActions';

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  const token = formText(form, 'token');
  if (!token) {
    const email = formText(form, 'email').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return refusedFields({ email: t('auth.reset.emailMissing') });
    }
    try {
      await requestPasswordReset(email);
    } catch (error) {
      // Parse does not reveal whether an address exists (205: no account uses it); neither do we,
      // except for real failures.
      if (!hasCode(error, ErrorCode.EMAIL_NOT_FOUND)) return refusedWith(errorSentence(error));
    }
    return { kind: 'sent', notice: t('auth.reset.sent') };
  }
  const username = formText(form, 'username');
  const password = formText(form, 'password');
  const problem = passwordProblem(password, username);
  if (problem) return refusedFields({ password: problem.message });
  if (password !== formText(form, 'confirmPassword')) {
    return refusedFields({ confirmPassword: t('auth.reset.passwordMismatch') });
  }
  try {
    await chooseNewPassword(token, password);
  } catch (error) {
    return refusedWith(errorSentence(error));
  }
  return redirect('/login?reset=1');
}

export function Component() {
  const t = useT();
  const result = useActionData<AuthActionResult>();
  const refusal = refusalIn(result);
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const token = params.get('token');
  const footer = (
    <p>
      <Link to="/login">{t('auth.reset.backToLogin')}</Link>
    </p>
  );

  if (token) {
    return (
      <AuthCard title={t('auth.reset.chooseTitle')} footer={footer}>
        <FormMessage error={refusal?.formError ?? params.get('error') ?? undefined} />
        <Form method="post" replace noValidate>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="username" value={params.get('username') ?? ''} />
          <FormField
            label={t('auth.reset.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            error={refusal?.fieldErrors?.password}
          />
          <FormField
            label={t('auth.field.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={refusal?.fieldErrors?.confirmPassword}
          />
          <button type="submit" className="button-primary" disabled={busy}>
            {t('auth.reset.change')}
          </button>
        </Form>
      </AuthCard>
    );
  }

  const invalid = params.get('invalid') === '1';
  return (
    <AuthCard title={t('auth.reset.title')} footer={footer}>
      <FormMessage
        error={refusal?.formError ?? (invalid ? t('auth.reset.linkExpired') : undefined)}
        notice={result?.kind === 'sent' ? result.notice : undefined}
      />
      <Form method="post" replace noValidate>
        <FormField
          label={t('auth.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          hint={t('auth.reset.emailHint')}
          error={refusal?.fieldErrors?.email}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {t('auth.reset.send')}
        </button>
      </Form>
    </AuthCard>
  );
}
