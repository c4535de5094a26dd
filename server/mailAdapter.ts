import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

interface LinkMail {
  link: string;
  appName: string;
  user: { get(field: string): unknown };
}

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
  ) {}

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

  sendPasswordResetEmail({ link, appName, user }: LinkMail): Promise<void> {
    this.log(`password reset link: ${link}`);
    return this.sendMail({
      to: String(user.get('email')),
      subject: `Reset your ${appName} password`,
      text: `Someone asked to reset the password of ${String(user.get('username'))}.\n\nChoose a new password here:\n${link}\n\nIf it was not you, ignore this message.`,
    });
  }

  sendVerificationEmail({ link, appName, user }: LinkMail): Promise<void> {
    this.log(`e-mail verification link: ${link}`);
    return this.sendMail({
      to: String(user.get('email')),
      subject: `Confirm your e-mail address for ${appName}`,
      text: `Confirm this address for ${String(user.get('username'))}:\n${link}\n`,
    });
  }
}
