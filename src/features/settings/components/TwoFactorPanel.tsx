import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { QrCode } from '@/components/QrCode';
import { formatRecoveryCode, type TwoFactorEnrolment, type TwoFactorStatus } from '@/domain/twoFactor';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';

/** Starting, confirming and turning off share one fetcher, so the section says what the last did. */
const TWO_FACTOR_FETCHER = 'two-factor';

/** The secret in groups of four, as authenticator apps ask to type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in: turned on with a code from an authenticator app (the secret as a QR code
 * and as text), ten recovery codes shown once, turned off with the password and a code.
 */
export function TwoFactorPanel({ status }: { status: TwoFactorStatus }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: TWO_FACTOR_FETCHER });
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';
  return (
    <SettingsSection id="two-factor" title="Two-factor sign-in" result={result}>
      {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
      {status.enabled ? (
        <>
          <p>
            On: after your password, logging in asks for the code your authenticator app shows.{' '}
            {status.recoveryCodesLeft} of your recovery codes are unused.
          </p>
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value="disableTwoFactor" />
            <FormField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={result?.fieldErrors?.password}
            />
            <FormField
              label="Code from your app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              error={result?.fieldErrors?.code}
            />
            <div className="form-actions">
              <button type="submit" className="button-danger" disabled={busy}>
                Turn off two-factor sign-in
              </button>
            </div>
          </fetcher.Form>
        </>
      ) : result?.enrolment ? (
        <Enrolment enrolment={result.enrolment} error={result.fieldErrors?.code} busy={busy} />
      ) : (
        <>
          <p>
            Off. Turned on, logging in asks for a code from an authenticator app on your phone after your
            password, so a stolen password alone opens nothing.
          </p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="startTwoFactor" />
            <div className="form-actions">
              <button type="submit" className="button-primary" disabled={busy}>
                Turn on two-factor sign-in
              </button>
            </div>
          </fetcher.Form>
        </>
      )}
    </SettingsSection>
  );
}

function Enrolment({
  enrolment,
  error,
  busy,
}: {
  enrolment: TwoFactorEnrolment;
  error: string | undefined;
  busy: boolean;
}) {
  const fetcher = useFetcher<SettingsActionResult>({ key: TWO_FACTOR_FETCHER });
  return (
    <div className="two-factor-enrolment">
      <p>
        Scan this with an authenticator app (such as Aegis, FreeOTP or your password manager), or type the key
        below into it. Then enter the code it shows.
      </p>
      <QrCode text={enrolment.uri} label="QR code of the key for your authenticator app" />
      <p>
        Key: <code className="two-factor-secret">{grouped(enrolment.secret)}</code>
      </p>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="confirmTwoFactor" />
        <input type="hidden" name="secret" value={enrolment.secret} />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <FormField
          label="Code from your app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          maxLength={8}
          error={error}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            Turn on
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="recovery-codes">
      <h3>Your recovery codes</h3>
      <p>
        Keep them somewhere safe, apart from your phone: each one logs you in once in place of a code if the
        phone is lost. They are shown only now.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{formatRecoveryCode(code)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
