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
import { checkSignUp, PASSWORD_MIN_LENGTH } from '@/domain/account';
import {
  AuthCard,
  fieldErrorMap,
  FormMessage,
  formText,
  safeRedirectTarget,
  signUp,
  type AuthActionResult,
} from '@/features/auth';
import { errorSentence } from '@/lib/errors';

export async function action({ request }: ActionFunctionArgs): Promise<AuthActionResult | Response> {
  const form = await request.formData();
  const input = {
    username: formText(form, 'username').trim(),
    email: formText(form, 'email').trim(),
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const errors = checkSignUp(input);
  if (errors.length > 0) return { fieldErrors: fieldErrorMap(errors) };
  try {
    await signUp(input.username, input.email, input.password);
  } catch (error) {
    return { formError: errorSentence(error) };
  }
  return redirect(safeRedirectTarget(new URL(request.url).searchParams.get('from')));
}

export function Component() {
  const result = useActionData<AuthActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const errors = result?.fieldErrors;
  const loginLink = params.get('from')
    ? `/login?from=${encodeURIComponent(params.get('from') ?? '')}`
    : '/login';

  return (
    <AuthCard
      title="Create your account"
      footer={
        <p>
          Already have an account? <Link to={loginLink}>Log in</Link>
        </p>
      }
    >
      <FormMessage error={result?.formError} />
      <Form method="post" replace noValidate>
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          minLength={3}
          maxLength={30}
          hint="3–30 letters, digits, “_”, “.” or “-”. Friends find you by it."
          error={errors?.username}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors?.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not containing your username.`}
          error={errors?.password}
        />
        <FormField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.confirmPassword}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Signing up…' : 'Sign up'}
        </button>
      </Form>
    </AuthCard>
  );
}
