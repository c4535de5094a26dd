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
import { errorSentence } from '@/lib/errors';

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  const token = formText(form, 'token');
  if (!token) {
    const email = formText(form, 'email').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return { fieldErrors: { email: 'Enter the e-mail address of your account.' } };
    }
    try {
      await requestPasswordReset(email);
    } catch (error) {
      // Parse does not reveal whether an address exists; neither do we, except for real failures.
      const sentence = errorSentence(error);
      if (!/No account uses/.test(sentence)) return { formError: sentence };
    }
    return { done: 'If an account uses that address, a link to choose a new password is on its way.' };
  }
  const username = formText(form, 'username');
  const password = formText(form, 'password');
  const problem = passwordProblem(password, username);
  if (problem) return { fieldErrors: { password: problem } };
  if (password !== formText(form, 'confirmPassword')) {
    return { fieldErrors: { confirmPassword: 'The two passwords do not match.' } };
  }
  try {
    await chooseNewPassword(token, password);
  } catch (error) {
    return { formError: errorSentence(error) };
  }
  return redirect('/login?reset=1');
}

export function Component() {
  const result = useActionData<AuthActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const token = params.get('token');
  const footer = (
    <p>
      <Link to="/login">Back to log in</Link>
    </p>
  );

  if (token) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <FormMessage error={result?.formError ?? params.get('error') ?? undefined} />
        <Form method="post" replace noValidate>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="username" value={params.get('username') ?? ''} />
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            error={result?.fieldErrors?.password}
          />
          <FormField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={result?.fieldErrors?.confirmPassword}
          />
          <button type="submit" className="button-primary" disabled={busy}>
            Change password
          </button>
        </Form>
      </AuthCard>
    );
  }

  const invalid = params.get('invalid') === '1';
  return (
    <AuthCard title="Reset your password" footer={footer}>
      <FormMessage
        error={
          result?.formError ??
          (invalid ? 'This reset link has expired or was already used. Ask for a new one.' : undefined)
        }
        notice={result?.done}
      />
      <Form method="post" replace noValidate>
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          hint="We will send a link to choose a new password."
          error={result?.fieldErrors?.email}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          Send reset link
        </button>
      </Form>
    </AuthCard>
  );
}
