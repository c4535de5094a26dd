import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../src/domain/languages';
import { t } from '../../src/i18n/messages';
import { currentLanguage, inLanguage } from '../http/i18n';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

interface LinkMail {
  link: string;
  appName: string;
  user: { id?: string; get(field: string): unknown };
}

/** The language a person chose in their settings, when they did. */
export type LanguageOf = (userId: string) => Promise<Language | undefined>;

/**
 * Development mail: every message is written to DATA_DIR/mail as an .eml file and its link is
 * logged, so password reset works on a machine without a mail server.
 */
export class FileMailAdapter {
  private sequence = 0;

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly log: (line: string) => void,
    private readonly languageOf: LanguageOf = () => Promise.resolve(undefined),
  ) {}

  /**
   * Writes a mail in its reader's language: the one chosen in their settings, else the one the
   * request that sends it speaks (the page they asked from).
   */
  private async inReadersLanguage<T>(user: LinkMail['user'], write: () => T): Promise<T> {
    const chosen = user.id ? await this.languageOf(user.id).catch(() => undefined) : undefined;
    return inLanguage(chosen ?? currentLanguage(), write);
  }

  async sendMail({ to, subject, text }: MailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    this.sequence += 1;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = to.replace(/[^A-Za-z0-9@._-]/g, '_');
    const file = path.join(this.directory, `${stamp}-${this.sequence}-${safeTo}.eml`);
    const message = [`From: ${this.from}`, `To: ${to}`, `Subject: ${subject}`, '', text, ''].join('\n');
    await writeFile(file, message, { mode: 0o600 });
    this.log(`mail to ${to} written to ${file}`);
  }

  async sendPasswordResetEmail({ link, appName, user }: LinkMail): Promise<void> {
    this.log(`password reset link: ${link}`);
    const username = String(user.get('username'));
    const mail = await this.inReadersLanguage(user, () => ({
      subject: t('server.mail.resetSubject', { appName }),
      text: t('server.mail.resetText', { username, link }),
    }));
    return this.sendMail({ to: String(user.get('email')), ...mail });
  }

  async sendVerificationEmail({ link, appName, user }: LinkMail): Promise<void> {
    this.log(`e-mail verification link: ${link}`);
    const username = String(user.get('username'));
    const mail = await this.inReadersLanguage(user, () => ({
      subject: t('server.mail.verifySubject', { appName }),
      text: t('server.mail.verifyText', { username, link }),
    }));
    return this.sendMail({ to: String(user.get('email')), ...mail });
  }
}
