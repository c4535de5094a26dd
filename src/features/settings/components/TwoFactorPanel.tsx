import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { QrCode } from '@/components/QrCode';
import {
  CODE_FIELD_MAX_LENGTH,
  formatRecoveryCode,
  TOTP_FIELD_MAX_LENGTH,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@/domain/twoFactor';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';
import { refusalIn } from '@/lib/routeActions';

/** Starting, confirming and turning off share one fetcher, so the section says what the last did. */
const TWO_FACTOR_FETCHER = 'two-factor';

/** The secret in groups of four, as authenticator apps ask to type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in: turned on with a code from an authenticator app (the secret as a QR code
 * and as text), ten recovery codes shown once, turned off with the password and a code.
 */
export function TwoFactorPanel({ status }: { status: TwoFactorStatus }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>({ key: TWO_FACTOR_FETCHER });
  const result = fetcher.data;
  const refusal = refusalIn(result);
  const busy = fetcher.state !== 'idle';
  return (
    <SettingsSection id="two-factor" title={t('settings.twoFactor.title')} result={result}>
      {result?.kind === 'twoFactorOn' ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
      {status.enabled ? (
        <>
          <p>
            {t('settings.twoFactor.onSentence')}{' '}
            {t('settings.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value="disableTwoFactor" />
            <CurrentPassword error={refusal?.fieldErrors?.password} />
            <FormField
              label={t('settings.twoFactor.codeOrRecovery')}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={CODE_FIELD_MAX_LENGTH}
              error={refusal?.fieldErrors?.code}
            />
            <div className="form-actions">
              <button type="submit" className="button-danger" disabled={busy}>
                {t('settings.twoFactor.turnOff')}
              </button>
            </div>
          </fetcher.Form>
        </>
      ) : result?.kind === 'enrolling' ? (
        <Enrolment enrolment={result.enrolment} errors={result.refusal?.fieldErrors ?? {}} busy={busy} />
      ) : (
        <>
          <p>{t('settings.twoFactor.offSentence')}</p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="startTwoFactor" />
            <div className="form-actions">
              <button type="submit" className="button-primary" disabled={busy}>
                {t('settings.twoFactor.turnOnStart')}
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
  errors,
  busy,
}: {
  enrolment: TwoFactorEnrolment;
  errors: { password?: string; code?: string };
  busy: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>({ key: TWO_FACTOR_FETCHER });
  return (
    <div className="two-factor-enrolment">
      <p>{t('settings.twoFactor.scan')}</p>
      <QrCode text={enrolment.uri} label={t('settings.twoFactor.qrLabel')} />
      <p>
        <T
          id="settings.twoFactor.key"
          values={{ key: grouped(enrolment.secret) }}
          components={{ 0: <code className="two-factor-secret" /> }}
        />
      </p>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="confirmTwoFactor" />
        <input type="hidden" name="secret" value={enrolment.secret} />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <FormField
          label={t('settings.twoFactor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          maxLength={TOTP_FIELD_MAX_LENGTH}
          error={errors.code}
        />
        <CurrentPassword error={errors.password} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {t('settings.twoFactor.turnOn')}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useT();
  return (
    <div className="recovery-codes">
      <h3>{t('settings.twoFactor.recoveryHeading')}</h3>
      <p>{t('settings.twoFactor.recoveryKeep')}</p>
      <ul aria-label={t('settings.twoFactor.recoveryList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{formatRecoveryCode(code)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The account's password, asked again before two-factor sign-in is turned on or off. */
function CurrentPassword({ error }: { error: string | undefined }) {
  const t = useT();
  return (
    <FormField
      label={t('settings.twoFactor.password')}
      name="password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}
